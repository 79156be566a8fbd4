// `--only=auth-flood`: what a flood of wrong-password sign-ins does to everyone else (issue 27, item 3). On
// PGlite (one process) and on PostgreSQL (two processes on one database), a bystander reads /api/me one request
// at a time (a pause of 20 ms between) while quiet, then while 64 clients send wrong-password sign-ins for
// `--seconds`; a player whose device signed in before signs in every 2 s throughout, and a player on a new
// device too. Then, on PGlite, one player's 64 parallel expensive reads beside the bystander, reads capped at 1
// per player in flight (PGlite's default): once with the per-player rate off (the cap alone) and once at the
// default rate, which charges each list read more than one request. Prints the bystander's p99 loaded beside
// quiet, and the sign-in times. The attackers run in a process of their own (auth-flood-load.ts).
import { reachablePostgres } from "./api-me";
import { cookieFrom, request } from "./http";
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
  /** "flood", "reads" or both (null). */
  part: string | null;
};

const PASSWORD = "bench-password";
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What every server of this bench runs with: production hashing, attempts from made-up addresses trusted. */
const floodEnv = { PASSWORD_HASH_COST: "17", TRUST_PROXY: "on" };

async function signUp(server: RunningServer, name: string) {
  const answer = await request(server.base, "POST", "/api/auth/sign-up", {
    body: { username: name, email: `${name}@bench.test`, password: PASSWORD },
  });
  if (answer.status !== 201) throw new Error(`sign-up failed: ${answer.status} ${answer.body}`);
  return { email: `${name}@bench.test`, cookie: cookieFrom(answer) };
}

/**
 * The bystander: /api/me one at a time until `until`, on the servers in turn, as the players of `cookies` in
 * turn; the latencies. 50 requests a second are more than one player may send at the default rate, so where
 * the rate is on the bystander is several players, each well within it.
 */
async function readMe(servers: RunningServer[], cookies: string[], until: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; Date.now() < until; i += 1) {
    const started = performance.now();
    const cookie = cookies[i % cookies.length]!;
    const answer = await request(servers[i % servers.length]!.base, "GET", "/api/me", { cookie });
    if (answer.status !== 200) throw new Error(`the bystander's /api/me answered ${answer.status}`);
    latencies.push(performance.now() - started);
    await pause(20);
  }
  return latencies;
}

type SignIn = { ms: number; status: number };

/** A player signing in every `everyMs` until `until`, with the given cookie (a remembered device) or none. */
async function signInEvery(
  servers: RunningServer[],
  email: string,
  cookie: string | undefined,
  everyMs: number,
  until: number,
): Promise<SignIn[]> {
  const tries: SignIn[] = [];
  for (let i = 0; Date.now() < until; i += 1) {
    const started = performance.now();
    const answer = await request(servers[i % servers.length]!.base, "POST", "/api/auth/sign-in", {
      body: { email, password: PASSWORD },
      ...(cookie ? { cookie } : {}),
    });
    const ms = performance.now() - started;
    tries.push({ ms, status: answer.status });
    await pause(Math.max(0, everyMs - ms));
  }
  return tries;
}

/** Runs auth-flood-load.ts for `seconds`; resolves with its answers by status. */
function attackers(args: string[], env: Record<string, string> = {}): Promise<Record<string, number>> {
  return runLoadProcess<Record<string, number>>("bench/src/auth-flood-load.ts", args, env);
}

const p99 = (latencies: number[]) => summarize(latencies, 1).p99;
const signInSummary = (tries: SignIn[]) => {
  const ok = tries.filter((t) => t.status === 200).map((t) => t.ms);
  const byStatus = new Map<number, number>();
  for (const t of tries) byStatus.set(t.status, (byStatus.get(t.status) ?? 0) + 1);
  const statuses = [...byStatus].map(([status, n]) => `${n}x${status}`).join(" ");
  const fmt = (ms: number | undefined) => (ms === undefined ? "-" : `${Math.round(ms)}`);
  return `${statuses}; ok p50 ${fmt(summarize(ok, 1).p50 || undefined)} ms, max ${fmt(ok.length ? Math.max(...ok) : undefined)} ms`;
};

async function startServers(count: number, port: number, env: Record<string, string>) {
  const servers: RunningServer[] = [];
  // One after another: the second finds the database migrated.
  for (let i = 0; i < count; i += 1) servers.push(await startServer({ port: port + i, env }));
  return servers;
}

async function floodCase(label: string, count: number, env: Record<string, string>, options: Options) {
  const servers = await startServers(count, options.port, { ...floodEnv, ...env });
  try {
    const suffix = Math.random().toString(36).slice(2, 7);
    const bystander = await signUp(servers[0]!, `bystander_${suffix}`);
    const returning = await signUp(servers[0]!, `returning_${suffix}`);
    const newcomer = await signUp(servers[0]!, `newcomer_${suffix}`);
    const first = await request(servers[0]!.base, "POST", "/api/auth/sign-in", {
      body: { email: returning.email, password: PASSWORD },
    });
    const device = first.setCookie.find((c) => c.startsWith("ba_device="))?.split(";")[0];
    if (!device) throw new Error("no device cookie after a sign-in");
    await readMe(servers, [bystander.cookie], Date.now() + 1000);

    const phase = async (seconds: number) => {
      const until = Date.now() + seconds * 1000;
      const [me, remembered, fresh] = await Promise.all([
        readMe(servers, [bystander.cookie], until),
        signInEvery(servers, returning.email, device, 2000, until),
        pause(1000).then(() => signInEvery(servers, newcomer.email, undefined, 2000, until)),
      ]);
      return { me, remembered, fresh };
    };
    const quiet = await phase(options.quietSeconds);
    const flood = attackers([
      "--mode=sign-in",
      `--bases=${servers.map((s) => s.base.href).join(",")}`,
      `--clients=${options.clients}`,
      `--seconds=${options.seconds}`,
      `--pause=${options.pauseMs}`,
      `--victim=${returning.email}`,
    ]);
    await pause(500);
    const loaded = await phase(options.seconds - 1);
    const floodAnswers = await flood;
    return { label, quiet, loaded, floodAnswers };
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** Players the reads case's bystander takes turns as: about 3,000 requests a minute, under 200 each. */
const BYSTANDER_PLAYERS = 16;

/** `rate`: the per-player rate as configured by default ("" lets the server choose), or off. */
async function readsCase(label: string, rate: "default" | "off", options: Options) {
  const [server] = await startServers(1, options.port, {
    ...floodEnv,
    DATABASE_URL: "",
    // The bench's servers turn the rate off by default (server-process.ts); "" gives the server's own default.
    RATE_LIMIT_PLAYER_MAX: rate === "off" ? "1000000000" : "",
    RATE_LIMIT_PLAYER_CONCURRENCY: "",
    RATE_LIMIT_PLAYER_READ_CONCURRENCY: "",
  });
  try {
    const suffix = Math.random().toString(36).slice(2, 7);
    const bystanders: string[] = [];
    for (let i = 0; i < BYSTANDER_PLAYERS; i += 1)
      bystanders.push((await signUp(server!, `bystander${i}_${suffix}`)).cookie);
    const greedy = await signUp(server!, `greedy_${suffix}`);
    await readMe([server!], bystanders, Date.now() + 1000);
    const quiet = await readMe([server!], bystanders, Date.now() + options.quietSeconds * 1000);
    const reads = attackers(
      ["--mode=reads", `--bases=${server!.base.href}`, "--clients=64", `--seconds=${options.seconds}`],
      { FLOOD_COOKIE: greedy.cookie },
    );
    await pause(500);
    const loaded = await readMe([server!], bystanders, Date.now() + (options.seconds - 1) * 1000);
    return { label, quiet, loaded, greedyAnswers: await reads };
  } finally {
    await server!.stop();
  }
}

export async function benchAuthFlood(options: Options) {
  if (options.part !== "reads") await benchSignInFlood(options);
  if (options.part !== "flood") await benchReads(options);
}

async function benchSignInFlood(options: Options) {
  const floods = [await floodCase("PGlite, 1 process", 1, { DATABASE_URL: "" }, options)];
  const postgres = await reachablePostgres();
  if (postgres) {
    const database = await createBenchDatabase(postgres, "ba_bench_flood");
    try {
      floods.push(await floodCase("PostgreSQL, 2 processes", 2, { DATABASE_URL: database.url }, options));
    } finally {
      await database.drop();
    }
  } else {
    console.log("No PostgreSQL reachable (DATABASE_URL, 127.0.0.1:5432): PGlite only.");
  }
  printTable(
    `A bystander's GET /api/me during ${options.seconds} s of wrong-password sign-ins (${options.clients} clients, ${options.pauseMs} ms pause after a 429) beside ${options.quietSeconds} s quiet`,
    ["setup", "quiet p50", "quiet p99", "flood p50", "flood p99", "p99 ratio", "flood answers"],
    floods.map((f) => {
      const quiet = summarize(f.quiet.me, 1);
      const loaded = summarize(f.loaded.me, 1);
      return [
        f.label,
        quiet.p50,
        quiet.p99,
        loaded.p50,
        loaded.p99,
        (loaded.p99 / quiet.p99).toFixed(2),
        JSON.stringify(f.floodAnswers),
      ];
    }),
  );
  printTable(
    "Sign-ins every 2 s beside the bystander (ms from request to answer)",
    ["setup", "phase", "remembered device", "new device"],
    floods.flatMap((f) => [
      [f.label, "quiet", signInSummary(f.quiet.remembered), signInSummary(f.quiet.fresh)],
      [f.label, "flood", signInSummary(f.loaded.remembered), signInSummary(f.loaded.fresh)],
    ]),
  );
}

async function benchReads(options: Options) {
  const reads = [
    await readsCase("PGlite, per-player rate off (the in-flight cap alone)", "off", options),
    await readsCase("PGlite, per-player rate at its default", "default", options),
  ];
  printTable(
    `A bystander's GET /api/me beside one player's 64 parallel expensive reads (${options.seconds} s)`,
    [
      "setup",
      "quiet p50",
      "quiet p99",
      "loaded p50",
      "loaded p99",
      "loaded max",
      "p99 ratio",
      "greedy answers",
    ],
    reads.map((r) => {
      const quiet = summarize(r.quiet, 1);
      const loaded = summarize(r.loaded, 1);
      return [
        r.label,
        quiet.p50,
        quiet.p99,
        loaded.p50,
        loaded.p99,
        loaded.max,
        (p99(r.loaded) / p99(r.quiet)).toFixed(2),
        JSON.stringify(r.greedyAnswers),
      ];
    }),
  );
}
