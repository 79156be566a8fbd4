// GET /api/me under N signed-in players, beside a bare Fastify route measured the same way in the same run.
import { closedLoop, cookieFrom, request } from "./http";
import { startServer } from "./server-process";
import { printTable, summarize } from "./stats";

export async function benchApiMe(options: { players: number; seconds: number; concurrency: number }) {
  const server = await startServer({ port: 4400 });
  const bare = await startServer({ port: 4401, entry: "bench/src/bare-server.ts" });
  try {
    const cookies: string[] = [];
    const signUpStarted = performance.now();
    for (let i = 0; i < options.players; i += 1) {
      const answer = await request(server.base, "POST", "/api/auth/sign-up", {
        body: { username: `bench_${i}`, email: `bench_${i}@arena.test`, password: "benchpass" },
      });
      if (answer.status >= 300) throw new Error(`sign-up failed: ${answer.status} ${answer.body}`);
      cookies.push(cookieFrom(answer));
    }
    const signUpMs = performance.now() - signUpStarted;

    // Warm both before measuring so JIT and connection setup do not count.
    await closedLoop(1, options.concurrency, (w) =>
      request(server.base, "GET", "/api/me", { cookie: cookies[w % cookies.length] }),
    );
    await closedLoop(1, options.concurrency, () => request(bare.base, "GET", "/api/bare"));

    const me = await closedLoop(options.seconds, options.concurrency, (w) =>
      request(server.base, "GET", "/api/me", { cookie: cookies[(w * 7919 + Date.now()) % cookies.length] }),
    );
    const bareRun = await closedLoop(options.seconds, options.concurrency, () =>
      request(bare.base, "GET", "/api/bare"),
    );
    const meStats = summarize(me.latencies, me.seconds);
    const bareStats = summarize(bareRun.latencies, bareRun.seconds);
    const errors = [...me.statuses].filter(([status]) => status !== 200);

    printTable(
      `GET /api/me vs a bare Fastify route (${options.players} players, ${options.concurrency} concurrent, ${options.seconds}s each)`,
      ["route", "req/s", "p50 ms", "p99 ms", "non-200"],
      [
        [
          `GET /api/me (session + ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
          meStats.rps,
          meStats.p50,
          meStats.p99,
          errors.length ? JSON.stringify(errors) : "0",
        ],
        ["bare Fastify route", bareStats.rps, bareStats.p50, bareStats.p99, "0"],
      ],
    );
    console.log(`ratio /api/me : bare = ${(meStats.rps / bareStats.rps).toFixed(2)}`);
    console.log(
      `fresh start until /api/health answers: ${server.startupMs.toFixed(0)} ms (bare Fastify: ${bare.startupMs.toFixed(0)} ms)`,
    );
    console.log(
      `sign-up of ${options.players} players: ${signUpMs.toFixed(0)} ms (${(signUpMs / options.players).toFixed(1)} ms each, scrypt included)`,
    );
  } finally {
    await server.stop();
    await bare.stop();
  }
}
