// Starts a real server process on a fresh data directory and measures how long it takes to answer /api/health.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { request } from "./http";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export type RunningServer = {
  base: URL;
  child: ChildProcess;
  startupMs: number;
  dataDir: string;
  stop: () => Promise<void>;
};

/** The compiled server, built first when its sources changed (as `npm start` does). */
export const compiledServer = "packages/server/dist/main.js";
/** The same server from its TypeScript sources through tsx: only to compare against, never how it runs. */
export const sourceServer = "packages/server/src/main.ts";

/** The environment of a bench's server process: this one's, with the bench's limits and `env` over them. */
export function benchServerEnv(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    LOG_LEVEL: "warn",
    STARTER_MUSIC: "off",
    // A lock out of order answers 500, so the bench counts it instead of a log line hiding it.
    LOCK_ORDER: "strict",
    RATE_LIMIT_AUTH_MAX: "1000000",
    // The load generator plays each player far faster than a person; the starve run sets its own limits.
    RATE_LIMIT_PLAYER_MAX: "1000000000",
    RATE_LIMIT_PLAYER_CONCURRENCY: "100000",
    RATE_LIMIT_PLAYER_READ_CONCURRENCY: "100000",
    // Off: a bench measures what the server does with every request (the sim turns it on: --load-shed).
    LOAD_SHED: "off",
    // Every simulated player signs up from 127.0.0.1, so all are linked by address: with the refusal on, PvP would
    // be measured refusing every challenge.
    PVP_REFUSE_LINKED: "off",
    ...options.env,
  };
}

let building: Promise<void> | null = null;
/** Once per bench run, so servers started side by side do not build at the same time. */
export function ensureCompiledServer(): Promise<void> {
  building ??= import("../../scripts/server-build.mjs").then((build) => build.ensureServerBuild());
  return building;
}

/**
 * `entry` ending in .ts runs through tsx, anything else with plain node. `dataDir` given: the caller owns it
 * (restarts on the same data); otherwise a fresh one removed on stop.
 */
export async function startServer(
  options: {
    entry?: string;
    env?: Record<string, string>;
    port: number;
    dataDir?: string;
    /** Where it listens and is asked (127.0.0.1 unless given), e.g. its address in a network namespace. */
    host?: string;
    /** How the command is run, e.g. inside a namespace (`ip netns exec`, which execs it: the pid stays its). */
    wrap?: (file: string, argv: string[]) => [string, string[]];
  } = { port: 4400 },
): Promise<RunningServer> {
  const entry = options.entry ?? compiledServer;
  if (entry === compiledServer) await ensureCompiledServer();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "bot-arena-bench-"));
  const host = options.host ?? "127.0.0.1";
  const base = new URL(`http://${host}:${options.port}`);
  const started = performance.now();
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the servers of a run.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const loader = entry.endsWith(".ts") ? ["--import", "tsx"] : ["--enable-source-maps"];
  const [file, argv] = (options.wrap ?? ((f, a) => [f, a]))(process.execPath, [
    ...nodeArgs,
    ...loader,
    entry,
  ]);
  const child = spawn(file, argv, {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
    env: benchServerEnv({ port: options.port, dataDir, env: { HOST: host, ...options.env } }),
  });
  // The server logs JSON lines on stdout: pass its errors (pino level 50 and up) through, drop the rest.
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (/"level":(5|6)\d/.test(line)) console.error(`[server ${options.port}] ${line.slice(0, 2000)}`);
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const answer = await request(base, "GET", "/api/health");
      if (answer.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startupMs = performance.now() - started;
  return {
    base,
    child,
    startupMs,
    dataDir,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
