// A process stopped behind nginx the ways a supervisor or a person stops one: SIGTERM to the server's own PID
// (systemd's KillMode=mixed), SIGTERM or SIGINT to the process group of `npm start` (systemd's default
// KillMode=control-group, and Ctrl-C at a terminal), and SIGTERM to `npm start`'s own PID. Each way runs under a
// loop of reads and state changes through nginx: no request may fail (nginx repeats elsewhere only what never
// reached a process, and never a POST that did), every live socket the process held is closed 1001 (going
// away, so the page reconnects at once), and no process of its tree is left behind.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { request } from "../http";
import { benchServerEnv, compiledServer, ensureCompiledServer, repoRoot } from "../server-process";
import { openSocket, type ProxyAddress, type ProxySocket, send } from "./client";

export type StopWay = {
  name: string;
  command: "the server" | "npm start";
  signal: NodeJS.Signals;
  to: "its PID" | "its process group";
};

export const stopWays: StopWay[] = [
  { name: "SIGTERM to the server's PID", command: "the server", signal: "SIGTERM", to: "its PID" },
  {
    name: "SIGTERM to npm start's process group",
    command: "npm start",
    signal: "SIGTERM",
    to: "its process group",
  },
  {
    name: "SIGINT to npm start's process group (Ctrl-C)",
    command: "npm start",
    signal: "SIGINT",
    to: "its process group",
  },
  { name: "SIGTERM to npm start's PID", command: "npm start", signal: "SIGTERM", to: "its PID" },
];

/** Parallel loops through the proxy while a process stops: each a read and a state change in turn. */
const LOOPS = 8;
/** Live sockets the stopping process holds when it is stopped, of at most MAX_SOCKETS opened through nginx. */
const SOCKETS_ON_TARGET = 3;
const MAX_SOCKETS = 12;
/** Past nginx's default fail_timeout (10 s), for which it sends nothing to a process it could not reach. */
const NGINX_REST_MS = 20_000;
/** How long a stopped tree may take to be gone: past SHUTDOWN_GRACE_MS (10 s by default). */
const TREE_GONE_MS = 20_000;
/** A started process must answer readiness within this (npm start may first build what is stale). */
const READY_MS = 180_000;

export type StopPlace = {
  proxy: ProxyAddress;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  /** A player's session cookie, and a state change it may repeat (hiding the admin: the same answer each time). */
  cookie: string;
  hideUserId: string;
  /** This process's live sockets and requests answered, from its own metrics. */
  figuresOf: (base: URL) => Promise<{ sockets: number; requests: number; liveness: number }>;
};

export type StopOutcome = { result: string; ok: boolean };

type Launched = { child: ChildProcess; base: URL; output: string[] };

async function launch(way: StopWay, place: StopPlace): Promise<Launched> {
  if (way.command === "the server") await ensureCompiledServer();
  const [command, args] =
    way.command === "the server"
      ? [process.execPath, ["--enable-source-maps", compiledServer]]
      : ["npm", ["start"]];
  // Detached: the child leads a process group of its own, as a service's main process or a terminal's job does.
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: benchServerEnv({ port: place.port, dataDir: place.dataDir, env: place.env }),
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean).slice(-20));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const base = new URL(`http://127.0.0.1:${place.port}`);
  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${way.command} exited with ${child.exitCode}: ${output.slice(-5).join(" / ")}`);
    const answer = await request(base, "GET", "/api/health/ready").catch(() => null);
    if (answer?.status === 200) return { child, base, output };
    if (Date.now() > deadline) throw new Error(`${way.command} was not ready in ${READY_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every process whose parent chain leads to `root` (read from /proc: Linux only, as the bench's nginx is). */
function treeOf(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command in parentheses may hold spaces: the fields after its closing one are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(name), ppid);
    } catch {
      // gone while reading
    }
  }
  const tree = [root];
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (tree.includes(ppid) && !tree.includes(pid)) {
        tree.push(pid);
        grew = true;
      }
    }
  }
  return tree;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

type Tally = { answered: number; failed: string[] };

/** LOOPS loops of GET /api/me and POST /api/chat/hidden through the proxy until `stop` is called. */
function requestLoop(place: StopPlace) {
  const tally: Tally = { answered: 0, failed: [] };
  let running = true;
  const one = async (method: string, path: string, json?: unknown) => {
    const answer = await send(place.proxy, method, path, { cookie: place.cookie, json }).catch(
      (error: Error) => ({ status: 0, error }),
    );
    if (answer.status >= 200 && answer.status < 300) tally.answered += 1;
    else tally.failed.push(`${method} ${path} ${"error" in answer ? answer.error.message : answer.status}`);
  };
  const loops = Array.from({ length: LOOPS }, async () => {
    while (running) {
      await one("GET", "/api/me");
      await one("POST", "/api/chat/hidden", { userId: place.hideUserId });
    }
  });
  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return tally;
    },
  };
}

/** Until `check` holds, polling every 50 ms; throws with `what` after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms: number, what: string, everyMs = 50) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Plain requests through nginx until the launched process answers one. nginx rests a process it could not reach
 * (fail_timeout, 10 s by default) and then lets one request through to try it; only when that request ends is
 * the process back, so a live socket (a request that does not end) must not be the one.
 */
async function backInRotation(place: StopPlace, target: URL): Promise<void> {
  const before = (await place.figuresOf(target)).liveness;
  await until(
    async () => {
      await send(place.proxy, "GET", "/api/health/live");
      return (await place.figuresOf(target)).liveness > before;
    },
    NGINX_REST_MS,
    `nginx sending requests to :${target.port} again`,
    250,
  );
}

/** Sockets through nginx until the launched process holds SOCKETS_ON_TARGET (nginx alternates the processes). */
async function socketsOnto(
  place: StopPlace,
  target: URL,
): Promise<{ sockets: ProxySocket[]; onTarget: number }> {
  await backInRotation(place, target);
  const sockets: ProxySocket[] = [];
  let onTarget = 0;
  while (onTarget < SOCKETS_ON_TARGET) {
    if (sockets.length === MAX_SOCKETS)
      throw new Error(`${MAX_SOCKETS} sockets through nginx, ${onTarget} on :${target.port}`);
    sockets.push(await openSocket(place.proxy, place.cookie, ["me"]));
    onTarget = (await place.figuresOf(target)).sockets;
  }
  return { sockets, onTarget };
}

/** One way: launch, sockets and the loop, the signal, then count what failed and what was left. */
export async function stopUnderLoad(way: StopWay, place: StopPlace): Promise<StopOutcome> {
  const launched = await launch(way, place);
  const { child, base } = launched;
  const pid = child.pid!;
  let tree: number[] = [];
  const { sockets, onTarget } = await socketsOnto(place, base).catch((error) => {
    process.kill(-pid, "SIGKILL");
    throw error;
  });
  const loop = requestLoop(place);
  try {
    // The process serves part of the loop before it is stopped, so the stop meets requests in flight.
    const before = (await place.figuresOf(base)).requests;
    await until(
      async () => (await place.figuresOf(base)).requests >= before + 20,
      30_000,
      "the loop reaching the process",
    );
    tree = treeOf(pid);
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    const signalledAt = performance.now();
    process.kill(way.to === "its PID" ? pid : -pid, way.signal);
    const exit = await exited;
    await until(() => tree.every((p) => !alive(p)), TREE_GONE_MS, "every process of the tree ending");
    const stopMs = performance.now() - signalledAt;
    // The loop goes on against the other process for a while after the stop.
    const answeredAtStop = loop.tally.answered;
    await until(
      () => loop.tally.answered >= answeredAtStop + 4 * LOOPS,
      30_000,
      "the loop going on after the stop",
    );
    const tally = await loop.stop();
    // The ones on the other process stay open.
    const codes = sockets.map((s) => s.closeCode()).filter((code): code is number => code !== null);
    const left = tree.filter(alive);
    const ok =
      tally.failed.length === 0 &&
      codes.length === onTarget &&
      codes.every((c) => c === 1001) &&
      left.length === 0;
    const failures = tally.failed.length > 0 ? ` (${[...new Set(tally.failed)].slice(0, 3).join("; ")})` : "";
    return {
      result:
        `${tally.answered} answered, ${tally.failed.length} failed${failures}; ` +
        `sockets closed ${codes.length} of the ${onTarget} it held, codes ${[...new Set(codes)].join(",") || "none"}; ` +
        `${tree.length} processes, ${left.length} left; exit ${exit.code ?? exit.signal} after ${Math.round(stopMs)} ms`,
      ok,
    };
  } finally {
    await loop.stop();
    for (const socket of sockets) socket.close();
    for (const p of treeOf(pid).concat(tree)) if (alive(p)) process.kill(p, "SIGKILL");
  }
}
