// `npm run bench -- --only=proxy`: two server processes on one PostgreSQL behind Debian's nginx, configured as
// docs/operations.md prints it, and what players need through it: sign-up and sign-in, a live event that
// crosses processes, a picture and the largest upload, the per-address sign-in limit counting the address
// nginx saw (not one the client made up), pages the server precompressed, a process stopped behind the proxy,
// and then stopped each way a supervisor or a person stops one under a request loop (stops.ts). Prints one row
// per check; false (a non-zero exit) when any failed.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { AUDIO_UPLOAD_MAX_BYTES, type Me } from "@bot-arena/contract";
import { multipart, pngBytes, wavBytes } from "../../../packages/server/src/features/admin/testing";
import { request } from "../http";
import { type RunningServer, startServer } from "../server-process";
import { createBenchDatabase } from "../sim/database";
import { serverEnv } from "../sim/index";
import { ADMIN_EMAIL } from "../sim/run";
import { printTable } from "../stats";
import { cookieOf, openSocket, type ProxyAddress, type ProxyAnswer, send } from "./client";
import { freePort, type Nginx, requireTools, startNginx } from "./nginx";
import { scrapedByPrometheus } from "./prometheus";
import { type StopPlace, stopUnderLoad, stopWays } from "./stops";

export type ProxyOptions = { port: number; proxyPort: number; postgresUrl: string | null };

/** RATE_LIMIT_AUTH_MAX of the run's servers: small, so the limit is reached in a few tries. */
const SIGN_IN_LIMIT = 3;
/** Two clients as nginx sees them: loopback addresses other than the proxy's own 127.0.0.1. */
const CLIENT_A = "127.0.0.2";
const CLIENT_B = "127.0.0.3";
/** The server trusts exactly the proxy's address (docs/operations.md, "Which address the server believes"). */
const PROXY_ADDRESS = "127.0.0.1";
const PASSWORD = "proxy-bench-pass";
/** The scraper's bearer token (METRICS_TOKEN of the run's servers). */
const METRICS_TOKEN = "proxy-bench-scrape-token-0123";
const PAGE = `<!doctype html><html><head><title>Bot Arena</title></head><body>${"<p>through the proxy</p>".repeat(200)}</body></html>`;

type Row = { check: string; result: string; ms: number; ok: boolean };
type Outcome = { result: string; ok: boolean };
/** Runs one check and records its row; a throw is a failed row with its message. */
type Check = (name: string, run: () => Promise<Outcome>) => Promise<void>;

/** Accounts made through the proxy, for the checks after sign-up. */
type Session = {
  player: { email: string; cookie: string } | null;
  admin: string | null;
  adminId: string | null;
};

/**
 * A web build of one page, written plain, .br and .gz as the real build writes it (WEB_DIST of the run), with
 * the bundle `bundle` of its release: the two processes run two releases, as in a rolling restart.
 */
function writeWebDist(bundle: string): string {
  const dir = mkdtempSync(join(tmpdir(), "bot-arena-proxy-web-"));
  const page = Buffer.from(PAGE);
  writeFileSync(join(dir, "index.html"), page);
  writeFileSync(join(dir, "index.html.br"), brotliCompressSync(page));
  writeFileSync(join(dir, "index.html.gz"), gzipSync(page));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", bundle), `export const release = ${JSON.stringify(bundle)};\n`);
  return dir;
}

/** The bundle only the second process's release has. */
const NEW_BUNDLE = "app-new.js";

/** The 44-byte header of wavBytes' 8 kHz 8-bit mono WAV, one byte per sample after it. */
function wavOfSize(bytes: number): Buffer {
  const wav = wavBytes(((bytes - 44) * 1000) / 8000);
  if (wav.length !== bytes) throw new Error(`a WAV of ${bytes} bytes came out ${wav.length}`);
  return wav;
}

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * This process's live sockets, HTTP requests answered and liveness checks among them, from its own metrics (read
 * directly, not proxied).
 */
async function figuresOf(base: URL, adminCookie: string) {
  const answer = await request(base, "GET", "/api/admin/metrics", { cookie: adminCookie });
  if (answer.status !== 200) throw new Error(`metrics of process :${base.port} answered ${answer.status}`);
  const total = (name: string) =>
    [...answer.body.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)$`, "gm"))].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  const liveness = [
    ...answer.body.matchAll(
      /^bot_arena_http_route_requests_total\{[^}]*route="\/api\/health\/live"[^}]*\} (\d+)$/gm,
    ),
  ].reduce((sum, m) => sum + Number(m[1]), 0);
  return {
    sockets: total("bot_arena_live_sockets"),
    requests: total("bot_arena_http_requests_total"),
    liveness,
  };
}

export async function runProxy(options: ProxyOptions): Promise<boolean> {
  if (!options.postgresUrl) {
    throw new Error(
      "--only=proxy runs two processes on one PostgreSQL: set DATABASE_URL or start one on 127.0.0.1:5432",
    );
  }
  requireTools();
  const database = await createBenchDatabase(options.postgresUrl, "ba_proxy");
  const dataDir = mkdtempSync(join(tmpdir(), "bot-arena-proxy-"));
  const webDists = [writeWebDist("app-old.js"), writeWebDist(NEW_BUNDLE)];
  const servers: RunningServer[] = [];
  const running: { nginx: Nginx | null } = { nginx: null };
  const rows: Row[] = [];
  const check: Check = async (name, run) => {
    const started = performance.now();
    let outcome: Outcome;
    try {
      outcome = await run();
    } catch (error) {
      outcome = { result: `failed: ${(error as Error).message}`, ok: false };
    }
    rows.push({ check: name, ...outcome, ms: performance.now() - started });
  };
  try {
    // One after another, as startFleet does: the first migrates, the second finds it done. One media folder,
    // as processes serving the same /media URLs must share (docs/operations.md).
    const envOf = (i: number) => ({
      ...serverEnv(database, 4),
      TRUST_PROXY: PROXY_ADDRESS,
      RATE_LIMIT_AUTH_MAX: String(SIGN_IN_LIMIT),
      WEB_DIST: webDists[i]!,
      METRICS_TOKEN,
    });
    for (const i of [0, 1])
      servers.push(await startServer({ port: options.port + i, dataDir, env: envOf(i) }));
    await check("nginx runs the block docs/operations.md prints", async () => {
      running.nginx = await startNginx({
        listenPort: options.proxyPort || (await freePort()),
        redirectPort: await freePort(),
        upstreamPorts: servers.map((s) => Number(s.base.port)),
      });
      await untilAnswering(running.nginx);
      return { result: `${running.nginx.version} on ${running.nginx.origin}; nginx -t successful`, ok: true };
    });
    if (running.nginx) {
      const nginx = running.nginx;
      await check("plain HTTP (port 80) moves to HTTPS with its path and query: 301", () =>
        redirected(nginx),
      );
      await check("Debian's Prometheus scrapes both processes with METRICS_TOKEN", () =>
        scrapedByPrometheus(
          servers.map((s) => s.base.host),
          METRICS_TOKEN,
        ),
      );
      await checkThrough(nginx, servers, check, { port: options.port + 1, dataDir, env: envOf(1) });
    }
    printTable(
      "A real proxy in front: two processes on one PostgreSQL behind nginx",
      ["check", "result", "ms", "ok"],
      rows.map((r) => [r.check, r.result, Math.round(r.ms), r.ok ? "ok" : "FAILED"]),
    );
    const ok = rows.every((r) => r.ok);
    const log = running.nginx?.log ?? [];
    if (!ok && log.length > 0) console.log(`\nnginx said:\n${log.slice(-20).join("\n")}`);
    return ok;
  } finally {
    await running.nginx?.stop();
    for (const server of servers) await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    for (const dir of webDists) rmSync(dir, { recursive: true, force: true });
  }
}

/** Where the stopped process starts again for the stop checks: its port, data folder and settings. */
type Restart = Pick<StopPlace, "port" | "dataDir" | "env">;

/** The documented port-80 server: any request answers 301 to the same path and query on https:// of its host. */
function redirected(nginx: Nginx): Promise<Outcome> {
  const plain = new URL(nginx.plainOrigin);
  const path = "/guilds/7?tab=chat";
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: plain.hostname, port: plain.port, path, headers: { host: "arena.example.com" } },
      (res) => {
        res.resume();
        const location = res.headers.location ?? "";
        const wanted = `https://arena.example.com${path}`;
        resolve({
          result: `${res.statusCode} to ${location}`,
          ok: res.statusCode === 301 && location === wanted,
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Every check after nginx answers, in order: later ones use the accounts the first ones made. */
async function checkThrough(
  proxy: ProxyAddress,
  servers: RunningServer[],
  check: Check,
  restart: Restart,
): Promise<void> {
  const session: Session = { player: null, admin: null, adminId: null };
  const runId = randomBytes(3).toString("hex");
  await check("sign-up: session cookie Secure (X-Forwarded-Proto believed)", () =>
    signUps(proxy, session, runId),
  );
  await check("sign-in, then GET /api/me on both processes", () => signIn(proxy, session, servers));
  await check("live event from one process reaches a socket on the other", () =>
    liveAcross(proxy, session, servers),
  );
  await check("picture upload (multipart) and its file served", () => pictureUpload(proxy, session));
  await check(`largest upload: a ${mib(AUDIO_UPLOAD_MAX_BYTES)} music file`, () =>
    musicUpload(proxy, session),
  );
  await check(`sign-in limit (${SIGN_IN_LIMIT}) per address nginx saw, made-up X-Forwarded-For ignored`, () =>
    addressLimit(proxy, runId),
  );
  await check("a page the server precompressed passes as it is (gzip off)", () => precompressed(proxy));
  await check("a bundle one release lacks is asked of the other process (rolling restart)", () =>
    bundleOfOneRelease(proxy),
  );
  await check("one process stopped: requests and a new socket go to the other", async () => {
    await servers.pop()!.stop();
    return processStopped(proxy, session);
  });
  for (const way of stopWays) {
    await check(`stopped under a request loop: ${way.name}`, () => {
      const player = needs(session.player, "the player's account");
      const admin = needs(session.admin, "the admin's session");
      return stopUnderLoad(way, {
        ...restart,
        proxy,
        cookie: player.cookie,
        hideUserId: needs(session.adminId, "the admin's id"),
        figuresOf: (base) => figuresOf(base, admin),
      });
    });
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Until nginx answers /api/health from a process (or gives up after 10 s). */
async function untilAnswering(nginx: Nginx): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (!nginx.running()) throw new Error(`nginx exited: ${nginx.log.join(" / ")}`);
    const answer = await send(nginx, "GET", "/api/health").catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`no answer from ${nginx.origin}/api/health in 10 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const expectStatus = (answer: ProxyAnswer, wanted: number[], what: string) => {
  if (!wanted.includes(answer.status)) {
    throw new Error(
      `${what} answered ${answer.status}: ${answer.body.toString("utf8").replace(/\s+/g, " ").slice(0, 200)}`,
    );
  }
};

async function signUps(proxy: ProxyAddress, session: Session, runId: string): Promise<Outcome> {
  const email = `proxy${runId}@arena.test`;
  const player = await send(proxy, "POST", "/api/auth/sign-up", {
    json: { username: `proxy${runId}`, email, password: PASSWORD },
  });
  expectStatus(player, [201], "sign-up");
  const admin = await send(proxy, "POST", "/api/auth/sign-up", {
    json: { username: `proxyadmin${runId}`, email: ADMIN_EMAIL, password: PASSWORD },
  });
  expectStatus(admin, [201], "the admin's sign-up");
  if (!admin.json<Me>().isAdmin) throw new Error("the admin's sign-up did not make an admin (ADMIN_EMAILS)");
  session.player = { email, cookie: cookieOf(player.setCookie) };
  session.admin = cookieOf(admin.setCookie);
  session.adminId = admin.json<Me>().id;
  const attributes = player.setCookie.split(";").map((a) => a.trim().toLowerCase());
  const secure = attributes.includes("secure");
  return {
    result: `201; ${cookieOf(player.setCookie).split("=")[0]} ${secure ? "Secure" : "NOT Secure"}, ${attributes.includes("httponly") ? "HttpOnly" : "NOT HttpOnly"}`,
    ok: secure && attributes.includes("httponly"),
  };
}

const needs = <T>(value: T | null, what: string): T => {
  if (value === null) throw new Error(`needs ${what} (an earlier check failed)`);
  return value;
};

async function signIn(proxy: ProxyAddress, session: Session, servers: RunningServer[]): Promise<Outcome> {
  const player = needs(session.player, "the player's account");
  const admin = needs(session.admin, "the admin's session");
  const answer = await send(proxy, "POST", "/api/auth/sign-in", {
    json: { email: player.email, password: PASSWORD },
  });
  expectStatus(answer, [200], "sign-in");
  const cookie = cookieOf(answer.setCookie);
  if (!cookie) throw new Error("sign-in set no cookie");
  const before = await Promise.all(servers.map((s) => figuresOf(s.base, admin)));
  const reads = 6;
  const answers = await sequential(reads, () => send(proxy, "GET", "/api/me", { cookie }));
  const after = await Promise.all(servers.map((s) => figuresOf(s.base, admin)));
  const good = answers.filter((a) => a.status === 200 && a.json<Me>().email === player.email).length;
  // Each process's counter also holds the bench's first metrics read of it.
  const counted = after.map((figures, i) => figures.requests - before[i]!.requests);
  return {
    result: `200 with a cookie; /api/me ${good} of ${reads} answered, by both processes (request counters +${counted.join(" and +")})`,
    ok: good === reads && counted.every((n) => n >= 2),
  };
}

function sequential<T>(times: number, run: (i: number) => Promise<T>): Promise<T[]> {
  return Array.from({ length: times }).reduce<Promise<T[]>>(
    (done, _, i) => done.then(async (list) => [...list, await run(i)]),
    Promise.resolve([]),
  );
}

async function liveAcross(proxy: ProxyAddress, session: Session, servers: RunningServer[]): Promise<Outcome> {
  const player = needs(session.player, "the player's account");
  const admin = needs(session.admin, "the admin's session");
  const sockets = [];
  try {
    // nginx balances each upgrade like any request: open sockets until each process holds one.
    let perProcess = servers.map(() => 0);
    while (perProcess.some((n) => n === 0)) {
      if (sockets.length === 6)
        throw new Error(`6 sockets through nginx, on the processes: ${perProcess.join(", ")}`);
      sockets.push(await openSocket(proxy, player.cookie, ["chat"]));
      perProcess = (await Promise.all(servers.map((s) => figuresOf(s.base, admin)))).map((f) => f.sockets);
    }
    const text = `through the proxy ${randomBytes(4).toString("hex")}`;
    const sentAt = performance.now();
    const sent = await send(proxy, "POST", "/api/chat/messages", {
      cookie: player.cookie,
      json: { message: text },
    });
    expectStatus(sent, [200, 201], "the chat line");
    const id = sent.json<{ id: string }>().id;
    await Promise.all(
      sockets.map((socket) =>
        socket.next(
          (e) => e.channel === "chat" && (e.data?.message as { id?: string } | undefined)?.id === id,
          5_000,
        ),
      ),
    );
    const ms = performance.now() - sentAt;
    return {
      result: `sockets per process ${perProcess.join(" and ")}; the chat line reached all ${sockets.length} in ${ms.toFixed(0)} ms`,
      ok: true,
    };
  } finally {
    for (const socket of sockets) socket.close();
  }
}

function upload(proxy: ProxyAddress, cookie: string, path: string, form: ReturnType<typeof multipart>) {
  return send(proxy, "POST", path, {
    cookie,
    body: { bytes: form.payload, contentType: form.headers["content-type"] },
  });
}

async function pictureUpload(proxy: ProxyAddress, session: Session): Promise<Outcome> {
  const admin = needs(session.admin, "the admin's session");
  const picture = pngBytes(256, randomBytes(1)[0]!);
  const answer = await upload(
    proxy,
    admin,
    "/api/admin/image-library/upload",
    multipart(
      { rarity: "common", botClass: "hero" },
      { filename: "proxy.png", type: "image/png", bytes: picture },
    ),
  );
  expectStatus(answer, [200, 201], "the picture upload");
  const url = answer.json<{ image: { imageUrl: string } }>().image.imageUrl;
  // Twice: nginx alternates, so each process serves it once from the shared media folder.
  const served = await sequential(2, () => send(proxy, "GET", url));
  const same = served.filter((s) => s.status === 200 && sha(s.body) === sha(picture)).length;
  return {
    result: `${answer.status}, ${picture.length.toLocaleString("en-US")} bytes; ${url.split("/").slice(0, 3).join("/")}/… served ${same} of 2 byte for byte`,
    ok: same === 2,
  };
}

async function musicUpload(proxy: ProxyAddress, session: Session): Promise<Outcome> {
  const admin = needs(session.admin, "the admin's session");
  const track = wavOfSize(AUDIO_UPLOAD_MAX_BYTES);
  const answer = await upload(
    proxy,
    admin,
    "/api/admin/music",
    multipart({}, { filename: "proxy-bench-full-size.wav", type: "audio/wav", bytes: track }),
  );
  expectStatus(answer, [200, 201], "the full-size music upload");
  return {
    result: `${answer.status}: ${track.length.toLocaleString("en-US")} bytes of WAV stored`,
    ok: true,
  };
}

async function addressLimit(proxy: ProxyAddress, runId: string): Promise<Outcome> {
  // A new email each time: the per-account guessing throttle must not be what answers 429 here.
  let guesses = 0;
  const wrong = (from: string, headers: Record<string, string> = {}) =>
    send(proxy, "POST", "/api/auth/sign-in", {
      from,
      headers,
      json: { email: `guess${++guesses}-${runId}@arena.test`, password: "not-the-password" },
    }).then((a) => a.status);
  // Client A makes up a new address before nginx's each time: counted or not, it must not get more tries.
  const a = await sequential(SIGN_IN_LIMIT + 1, (i) =>
    wrong(CLIENT_A, { "x-forwarded-for": `198.51.100.${i + 1}` }),
  );
  const b = await wrong(CLIENT_B);
  const expected = [...Array(SIGN_IN_LIMIT).fill(401), 429];
  return {
    result: `${CLIENT_A} with a new X-Forwarded-For each try: ${a.join(" ")}; then ${CLIENT_B}: ${b}`,
    ok: a.join() === expected.join() && b === 401,
  };
}

/** The page as each encoding is asked for: the server's own .br or .gz, untouched, with Vary kept. */
async function precompressed(proxy: ProxyAddress): Promise<Outcome> {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync };
  const asked = await sequential(2, async (i) => {
    const encoding = (["br", "gzip"] as const)[i]!;
    const answer = await send(proxy, "GET", "/", { headers: { "accept-encoding": encoding } });
    const came = answer.headers["content-encoding"];
    const intact = came === encoding && decode[encoding](answer.body).toString() === PAGE;
    const vary = /accept-encoding/i.test(String(answer.headers.vary));
    return {
      ok: answer.status === 200 && intact && vary,
      text: `${encoding} asked: ${answer.status} ${came ?? "plain"}, ${answer.body.length} bytes${vary ? "" : ", no Vary"}`,
    };
  });
  return {
    result: `${asked.map((a) => a.text).join("; ")} (the page is ${Buffer.byteLength(PAGE)} bytes)`,
    ok: asked.every((a) => a.ok),
  };
}

/** Each request for the bundle only one process has answers 200: nginx asks the next process on a 404. */
async function bundleOfOneRelease(proxy: ProxyAddress): Promise<Outcome> {
  const tries = 4;
  const answers = await sequential(tries, () => send(proxy, "GET", `/assets/${NEW_BUNDLE}`));
  const good = answers.filter((a) => a.status === 200 && a.body.toString().includes(NEW_BUNDLE)).length;
  return {
    result: `/assets/${NEW_BUNDLE} (second process only): ${good} of ${tries} answered 200`,
    ok: good === tries,
  };
}

async function processStopped(proxy: ProxyAddress, session: Session): Promise<Outcome> {
  const player = needs(session.player, "the player's account");
  const reads = 6;
  const answers = await sequential(reads, () => send(proxy, "GET", "/api/me", { cookie: player.cookie }));
  const good = answers.filter((a) => a.status === 200).length;
  const socket = await openSocket(proxy, player.cookie, ["me"]);
  socket.close();
  return { result: `/api/me ${good} of ${reads} answered; a new live socket subscribed`, ok: good === reads };
}
