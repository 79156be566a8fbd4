// Bots: the procedural image generator's throughput, and GET /api/bots (the roster with energy regenerated on
// read) under signed-in players who each own a full roster of 20 bots.
import type { BotList, SummonResponse } from "@bot-arena/contract";
import { MAX_BOTS, SUMMON_TEN_COUNT, SUMMON_TEN_PRICE } from "@bot-arena/game";
import { measureImagesPerSecond } from "@bot-arena/images/bench";
import { type Answer, closedLoop, cookieFrom, request } from "./http";
import { startServer } from "./server-process";
import { printTable, summarize } from "./stats";

const ADMIN_EMAIL = "bench_admin@arena.test";

function expectOk(answer: Answer, what: string): Answer {
  if (answer.status >= 300) throw new Error(`${what} failed: ${answer.status} ${answer.body}`);
  return answer;
}

export async function benchBots(options: {
  players: number;
  seconds: number;
  concurrency: number;
  port: number;
}) {
  const imagesPerSecond = measureImagesPerSecond(500);

  const server = await startServer({ port: options.port, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  try {
    const signUp = async (username: string, email: string) =>
      cookieFrom(
        expectOk(
          await request(server.base, "POST", "/api/auth/sign-up", {
            body: { username, email, password: "benchpass" },
          }),
          "sign-up",
        ),
      );
    const admin = await signUp("bench_admin", ADMIN_EMAIL);
    const summons = MAX_BOTS / SUMMON_TEN_COUNT;
    const cookies: string[] = [];
    const setupStarted = performance.now();
    for (let i = 0; i < options.players; i++) {
      const email = `bots_bench_${i}@arena.test`;
      const cookie = await signUp(`bots_bench_${i}`, email);
      expectOk(
        await request(server.base, "POST", "/api/admin/grants/coins", {
          cookie: admin,
          body: { email, amount: summons * SUMMON_TEN_PRICE, reason: "bench setup" },
        }),
        "grant",
      );
      for (let s = 0; s < summons; s++) {
        const answer = expectOk(
          await request(server.base, "POST", "/api/bots/summon", {
            cookie,
            body: { count: SUMMON_TEN_COUNT },
          }),
          "summon",
        );
        JSON.parse(answer.body) as SummonResponse;
      }
      cookies.push(cookie);
    }
    const setupMs = performance.now() - setupStarted;
    const roster = JSON.parse(
      expectOk(await request(server.base, "GET", "/api/bots", { cookie: cookies[0] }), "roster").body,
    ) as BotList;
    if (roster.bots.length !== MAX_BOTS)
      throw new Error(`expected ${MAX_BOTS} bots, got ${roster.bots.length}`);

    const read = (w: number) =>
      request(server.base, "GET", "/api/bots", { cookie: cookies[w % cookies.length] });
    await closedLoop(1, options.concurrency, read);
    const run = await closedLoop(options.seconds, options.concurrency, read);
    const stats = summarize(run.latencies, run.seconds);
    const errors = [...run.statuses].filter(([status]) => status !== 200);

    printTable(
      `Bots (${options.players} players × ${MAX_BOTS} bots, ${options.concurrency} concurrent, ${options.seconds}s)`,
      ["measure", "per second", "p50 ms", "p99 ms", "non-200"],
      [
        ["bot images generated (SVG, one core)", Math.round(imagesPerSecond), "-", "-", "-"],
        [
          `GET /api/bots (${MAX_BOTS} bots each)`,
          stats.rps,
          stats.p50,
          stats.p99,
          errors.length ? JSON.stringify(errors) : "0",
        ],
      ],
    );
    console.log(
      `setup: ${options.players} players summoned ${options.players * MAX_BOTS} bots with images in ${setupMs.toFixed(0)} ms`,
    );
  } finally {
    await server.stop();
  }
}
