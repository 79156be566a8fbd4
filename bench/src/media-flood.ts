// `--only=media-flood`: what anonymous download loops do to everyone else (issue 43, item 1). On PGlite (one
// process) and on PostgreSQL (two processes on one database), a signed-in bystander reads /api/me one request at
// a time (20 ms between) while quiet, then while --flood clients (40) loop over a starter song and a 19 MB track
// without a cookie, whole and by ranges, never pausing after a 429 (media-flood-load.ts, a process of its own).
// The servers run the production media limits and cache. Prints the bystander's p50/p99 quiet and flooded, the
// p99 ratio, the bystander's time-outs (30 s) and failures, and the attackers' answers by status. Each setup
// runs with the caches cold (the flood's first reads fill them) and warm (each process read each track first);
// with --compare=on, once more with the media limits lifted (the cache alone) for comparison.

import { randomBytes } from "node:crypto";
import http from "node:http";
import { reachablePostgres } from "./api-me";
import { request } from "./http";
import { runLoadProcess } from "./load-process";
import { type RunningServer, startServer } from "./server-process";
import { createBenchDatabase } from "./sim/database";
import { printTable, summarize } from "./stats";

type Options = {
  seconds: number;
  quietSeconds: number;
  clients: number;
  pauseMs: number;
  port: number;
  compare: boolean;
};

/** Cold: the flood meets empty caches (its first reads fill them); warm: each process read each track first. */
type Start = "cold" | "warm";

const ADMIN_EMAIL = "media_admin@bench.test";
const PASSWORD = "bench-password";
const BYSTANDER_TIMEOUT_MS = 30_000;
const TRACK_BYTES = 19 * 1024 * 1024;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const floodEnv = { STARTER_MUSIC: "on", ADMIN_EMAILS: ADMIN_EMAIL, PASSWORD_HASH_COST: "12" };
/** The media limits out of the way: what the cache alone does. */
const noMediaLimits = {
  RATE_LIMIT_MEDIA_MAX: "1000000000",
  RATE_LIMIT_MEDIA_STREAMS_PER_ADDRESS: "100000",
  RATE_LIMIT_MEDIA_STREAMS: "100000",
};

async function signUp(server: RunningServer, name: string, email = `${name}@bench.test`) {
  const answer = await request(server.base, "POST", "/api/auth/sign-up", {
    body: { username: name, email, password: PASSWORD },
  });
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${answer.body}`);
  const session = answer.setCookie.find((c) => c.startsWith("ba_session="));
  if (!session) throw new Error(`no session cookie: ${answer.setCookie.join(" | ")}`);
  return session.split(";")[0]!;
}

/** An 8-bit mono WAV of `bytes` bytes (a 19 MB one plays 40 minutes at 8 kHz). */
function wavOf(bytes: number): Buffer {
  const data = randomBytes(bytes - 44);
  const head = Buffer.alloc(44);
  head.write("RIFF", 0, "ascii");
  head.writeUInt32LE(bytes - 8, 4);
  head.write("WAVEfmt ", 8, "ascii");
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(8000, 28);
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write("data", 36, "ascii");
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** Uploads the large track as the admin; resolves with its /media URL. */
async function uploadTrack(server: RunningServer, cookie: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([wavOf(TRACK_BYTES)], { type: "audio/wav" }), "long-mix.wav");
  const answer = await fetch(new URL("/api/admin/music", server.base), {
    method: "POST",
    headers: { cookie, origin: server.base.origin },
    body: form,
  });
  if (answer.status !== 200) throw new Error(`upload failed: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { track: { fileUrl: string } }).track.fileUrl;
}

async function starterSongUrl(server: RunningServer, cookie: string): Promise<string> {
  const answer = await request(server.base, "GET", "/api/admin/music", { cookie });
  if (answer.status !== 200) throw new Error(`admin music list: ${answer.status} ${answer.body}`);
  const tracks = (JSON.parse(answer.body) as { tracks: { fileUrl: string; artist?: string }[] }).tracks;
  const starter = tracks.find((t) => t.artist === "Bot Arena Sound Lab") ?? tracks[0];
  if (!starter) throw new Error(`no starter song: ${answer.body}`);
  return starter.fileUrl;
}

type Reads = { latencies: number[]; timeouts: number; failures: number };

const meAgent = new http.Agent({ keepAlive: true });

/** GET /api/me with a 30 s time-out: its time, "timeout", or its status when not 200. */
function timedMe(base: URL, cookie: string): Promise<number | "timeout" | "failed"> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      {
        agent: meAgent,
        host: base.hostname,
        port: base.port,
        path: "/api/me",
        headers: { cookie },
        timeout: BYSTANDER_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode === 200 ? performance.now() - started : "failed"));
      },
    );
    req.on("timeout", () => {
      req.destroy();
      resolve("timeout");
    });
    req.on("error", () => resolve("failed"));
  });
}

/** The bystander: /api/me one at a time until `until`, on the servers in turn. */
async function readMe(servers: RunningServer[], cookie: string, until: number): Promise<Reads> {
  const reads: Reads = { latencies: [], timeouts: 0, failures: 0 };
  for (let i = 0; Date.now() < until; i += 1) {
    const answer = await timedMe(servers[i % servers.length]!.base, cookie);
    if (answer === "timeout") reads.timeouts += 1;
    else if (answer === "failed") reads.failures += 1;
    else reads.latencies.push(answer);
    await pause(20);
  }
  return reads;
}

type Flood = { statuses: Record<string, number>; bytes: number; timeouts: number; failures: number };

function attackers(args: string[]): Promise<Flood> {
  return runLoadProcess<Flood>("bench/src/media-flood-load.ts", args);
}

async function floodCase(
  label: string,
  count: number,
  env: Record<string, string>,
  start: Start,
  options: Options,
) {
  const servers: RunningServer[] = [];
  // One after another: the second finds the database migrated and the starter songs stored.
  for (let i = 0; i < count; i += 1)
    servers.push(await startServer({ port: options.port + i, env: { ...floodEnv, ...env } }));
  try {
    const suffix = Math.random().toString(36).slice(2, 7);
    const adminCookie = await signUp(servers[0]!, `admin_${suffix}`, ADMIN_EMAIL);
    const urls = [
      await starterSongUrl(servers[0]!, adminCookie),
      await uploadTrack(servers[0]!, adminCookie),
    ];
    if (start === "warm") {
      // Each process reads each track once first: the flood then meets a filled cache.
      for (const server of servers)
        for (const url of urls) await request(server.base, "GET", url, { cookie: adminCookie });
    }
    const bystander = await signUp(servers[0]!, `bystander_${suffix}`);
    await readMe(servers, bystander, Date.now() + 1000);
    const quiet = await readMe(servers, bystander, Date.now() + options.quietSeconds * 1000);
    const flood = attackers([
      `--bases=${servers.map((s) => s.base.href).join(",")}`,
      `--urls=${urls.join(",")}`,
      `--clients=${options.clients}`,
      `--seconds=${options.seconds}`,
      `--pause=${options.pauseMs}`,
    ]);
    await pause(500);
    const loaded = await readMe(servers, bystander, Date.now() + (options.seconds - 1) * 1000);
    return { label, quiet, loaded, flood: await flood };
  } finally {
    for (const server of servers) await server.stop();
  }
}

export async function benchMediaFlood(options: Options) {
  const variants: [string, Record<string, string>, Start][] = [
    ["limits on, cold cache", {}, "cold"],
    ["limits on, warm cache", {}, "warm"],
  ];
  if (options.compare) variants.push(["limits lifted (the cache alone), warm", noMediaLimits, "warm"]);
  const cases = [];
  for (const [variant, env, start] of variants) {
    cases.push(
      await floodCase(`PGlite, 1 process, ${variant}`, 1, { DATABASE_URL: "", ...env }, start, options),
    );
  }
  const postgres = await reachablePostgres();
  if (postgres) {
    for (const [variant, env, start] of variants) {
      const database = await createBenchDatabase(postgres, "ba_bench_media");
      try {
        const label = `PostgreSQL, 2 processes, ${variant}`;
        cases.push(await floodCase(label, 2, { DATABASE_URL: database.url, ...env }, start, options));
      } finally {
        await database.drop();
      }
    }
  } else {
    console.log("No PostgreSQL reachable (DATABASE_URL, 127.0.0.1:5432): PGlite only.");
  }
  printTable(
    `A bystander's GET /api/me during ${options.seconds} s of ${options.clients} anonymous download loops (a starter song and a 19 MB track, whole and by ranges, ${options.pauseMs} ms pause after a 429) beside ${options.quietSeconds} s quiet`,
    [
      "setup",
      "quiet p50",
      "quiet p99",
      "flood p50",
      "flood p99",
      "p99 ratio",
      "bystander time-outs / failures",
      "attackers' answers",
      "attackers' MB, time-outs",
    ],
    cases.map((c) => {
      const quiet = summarize(c.quiet.latencies, 1);
      const loaded = summarize(c.loaded.latencies, 1);
      return [
        c.label,
        quiet.p50,
        quiet.p99,
        loaded.p50,
        loaded.p99,
        (loaded.p99 / quiet.p99).toFixed(2),
        `${c.quiet.timeouts + c.loaded.timeouts} / ${c.quiet.failures + c.loaded.failures}`,
        JSON.stringify(c.flood.statuses),
        `${Math.round(c.flood.bytes / 1024 / 1024)}, ${c.flood.timeouts}`,
      ];
    }),
  );
}
