// GET /api/me under N signed-in players, beside a raw Fastify route with one indexed select (bare-server.ts),
// measured the same way in the same run, on PGlite and, when one is reachable, on PostgreSQL. Prints both
// rates and the ratio for each database (the goal: /api/me at 60% of the one-query route or better).
import { createConnection } from "node:net";
import { closedLoop, cookieFrom, request } from "./http";
import { startServer } from "./server-process";
import { createBenchDatabase } from "./sim/database";
import { printTable, summarize } from "./stats";

type Options = { players: number; seconds: number; concurrency: number; port: number };

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

/** DATABASE_URL, or a PostgreSQL answering on 127.0.0.1:5432, or null. */
export async function reachablePostgres(): Promise<string | null> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const open = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port: 5432 });
    const answer = (value: boolean) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(1000, () => answer(false));
    socket.once("connect", () => answer(true));
    socket.once("error", () => answer(false));
  });
  return open ? LOCAL_POSTGRES : null;
}

async function measure(label: string, env: Record<string, string>, options: Options) {
  const server = await startServer({ port: options.port, env });
  const bare = await startServer({ port: options.port + 1, entry: "bench/src/bare-server.ts", env });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < options.players; i += 1) {
      const answer = await request(server.base, "POST", "/api/auth/sign-up", {
        body: { username: `bench_${i}`, email: `bench_${i}@arena.test`, password: "benchpass" },
      });
      if (answer.status >= 300) throw new Error(`sign-up failed: ${answer.status} ${answer.body}`);
      cookies.push(cookieFrom(answer));
    }
    // Each worker is one player, as a real player sends one request at a time: otherwise two workers on one
    // player queue on that player's in-flight limit and the bench measures the queue.
    const me = (w: number) => request(server.base, "GET", "/api/me", { cookie: cookies[w % cookies.length] });
    const one = () => request(bare.base, "GET", "/api/bare");
    // Warm both before measuring so JIT and connection setup do not count; then alternate halves so a busy
    // machine weighs on both alike.
    await closedLoop(1, options.concurrency, me);
    await closedLoop(1, options.concurrency, one);
    const half = options.seconds / 2;
    type Run = Awaited<ReturnType<typeof closedLoop>>;
    const runs: { me: Run[]; one: Run[] } = { me: [], one: [] };
    for (let round = 0; round < 2; round += 1) {
      runs.me.push(await closedLoop(half, options.concurrency, me));
      runs.one.push(await closedLoop(half, options.concurrency, one));
    }
    const merge = (list: Run[]) =>
      summarize(
        list.flatMap((r) => r.latencies),
        list.reduce((s, r) => s + r.seconds, 0),
      );
    const meStats = merge(runs.me);
    const oneStats = merge(runs.one);
    const errors = runs.me.flatMap((r) => [...r.statuses].filter(([status]) => status !== 200));
    return { label, meStats, oneStats, errors, startupMs: server.startupMs };
  } finally {
    await server.stop();
    await bare.stop();
  }
}

export async function benchApiMe(options: Options) {
  if (options.players < options.concurrency) throw new Error("--players must be at least --concurrency");
  const results = [await measure("PGlite", { DATABASE_URL: "" }, options)];
  const postgres = await reachablePostgres();
  if (postgres) {
    const database = await createBenchDatabase(postgres, "ba_bench_me");
    try {
      results.push(await measure("PostgreSQL", { DATABASE_URL: database.url }, options));
    } finally {
      await database.drop();
    }
  } else {
    console.log("No PostgreSQL reachable (DATABASE_URL, 127.0.0.1:5432): PGlite only.");
  }
  printTable(
    `GET /api/me vs a one-query Fastify route (${options.players} players, ${options.concurrency} concurrent, ${options.seconds}s each, alternated)`,
    ["database", "route", "req/s", "p50 ms", "p99 ms", "non-200"],
    results.flatMap((r) => [
      [
        r.label,
        "GET /api/me (session, profile)",
        r.meStats.rps,
        r.meStats.p50,
        r.meStats.p99,
        r.errors.length ? JSON.stringify(r.errors) : "0",
      ],
      [r.label, "one indexed select (raw Fastify)", r.oneStats.rps, r.oneStats.p50, r.oneStats.p99, "0"],
    ]),
  );
  for (const r of results) {
    console.log(
      `ratio /api/me : one-query route on ${r.label} = ${(r.meStats.rps / r.oneStats.rps).toFixed(2)}`,
    );
  }
}
