// One player tries to starve the rest: 64 of their reads always in flight while another player reads
// /api/me one request after another. Prints the other player's latency and what the greedy one got, with the
// per-player limits off (numbers too large to matter), with only the in-flight cap, and at their defaults.
// Run: npx tsx bench/src/faults/starve.ts [--seconds=15] [--postgres=<url of a database to use>]
import { cookieFrom, request } from "../http";
import { type RunningServer, sourceServer, startServer } from "../server-process";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const seconds = Number(arg("seconds", "15"));
const postgres = arg("postgres", "");

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function signUp(server: RunningServer, name: string) {
  const answer = await request(server.base, "POST", "/api/auth/sign-up", {
    body: { username: name, email: `${name}@bench.test`, password: "bench-password" },
  });
  return cookieFrom(answer);
}

async function run(label: string, env: Record<string, string>, port: number) {
  const server = await startServer({
    entry: sourceServer,
    port,
    env: { PASSWORD_HASH_COST: "12", ...(postgres ? { DATABASE_URL: postgres } : {}), ...env },
  });
  try {
    const suffix = Math.random().toString(36).slice(2, 8);
    const greedy = await signUp(server, `greedy_${suffix}`);
    const victim = await signUp(server, `victim_${suffix}`);
    const quiet: number[] = [];
    for (let i = 0; i < 50; i++) {
      const start = performance.now();
      await request(server.base, "GET", "/api/me", { cookie: victim });
      quiet.push(performance.now() - start);
    }

    const end = Date.now() + seconds * 1000;
    const greedyStatus = new Map<number, number>();
    const worker = async () => {
      while (Date.now() < end) {
        const answer = await request(server.base, "GET", "/api/bots", { cookie: greedy });
        greedyStatus.set(answer.status, (greedyStatus.get(answer.status) ?? 0) + 1);
      }
    };
    const workers = Array.from({ length: 64 }, worker);
    const loaded: number[] = [];
    await new Promise((r) => setTimeout(r, 500));
    while (Date.now() < end - 250) {
      const start = performance.now();
      const answer = await request(server.base, "GET", "/api/me", { cookie: victim });
      if (answer.status !== 200) throw new Error(`victim got ${answer.status}`);
      loaded.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(workers);
    quiet.sort((a, b) => a - b);
    loaded.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(0);
    console.log(
      `${label}: victim /api/me quiet p50 ${f(percentile(quiet, 50))} ms p99 ${f(percentile(quiet, 99))} ms; ` +
        `under attack p50 ${f(percentile(loaded, 50))} ms p99 ${f(percentile(loaded, 99))} ms (${loaded.length} requests); ` +
        `greedy answers ${JSON.stringify(Object.fromEntries(greedyStatus))}`,
    );
  } finally {
    await server.stop();
  }
}

await run(
  "limits off",
  { RATE_LIMIT_PLAYER_MAX: "1000000000", RATE_LIMIT_PLAYER_CONCURRENCY: "100000" },
  4471,
);
await run(
  "in-flight cap only",
  { RATE_LIMIT_PLAYER_MAX: "1000000000", RATE_LIMIT_PLAYER_CONCURRENCY: "4" },
  4473,
);
// The bench's server process turns the limits off for its load runs: this run sets the defaults back.
await run(
  "limits at defaults",
  {
    RATE_LIMIT_PLAYER_MAX: "300",
    RATE_LIMIT_PLAYER_CONCURRENCY: "4",
    RATE_LIMIT_PLAYER_READ_CONCURRENCY: postgres ? "4" : "1",
  },
  4472,
);
