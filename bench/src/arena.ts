// `npm run bench -- --only=arena`: AI battles through the HTTP API under concurrent players, and the leaderboard
// and PvP list queries over 100,000 bots.
//
// Battles are bounded by the game's own energy rule: a bot holds 100 energy and an AI battle costs 15, so each
// player fights 6 battles per full tank. The bench runs rounds: in each, every player fights 6 battles (each
// one "find an opponent" then "battle", as the client does) with all players at once, then buys an Energy Cell
// (100 coins, outside the measured window) for the next round. Latencies are per request; battles per second
// is battles won or lost divided by the wall time of the rounds (the opponent finds included).
//
// The leaderboard part inserts the bots in bulk with SQL into a fresh database (PGlite in this process, or a
// new PostgreSQL database when DATABASE_URL is set), then times the routes' own queries (the leaderboard's and
// the PvP list's at the lowest, a middle and the highest level) and shows their plans.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AI_BATTLE_ENERGY, DEFAULT_PVP_PROTECTION, MAX_ENERGY } from "@bot-arena/game";
import { type SQLWrapper, sql } from "drizzle-orm";
import { pvpOpponentsQuery } from "../../packages/server/src/features/arena/pvp";
import {
  createLeaderboardService,
  topBotsQuery,
} from "../../packages/server/src/features/leaderboard/service";
import { type Database, rowsOf } from "../../packages/server/src/platform/db/database";
import { migrateDatabase } from "../../packages/server/src/platform/db/migrate";
import { openPglite } from "../../packages/server/src/platform/db/pglite";
import { openPostgres } from "../../packages/server/src/platform/db/postgres";
import type { UserId } from "../../packages/server/src/platform/ids";
import { type Answer, cookieFrom, request } from "./http";
import { createBenchDatabase } from "./sim/database";
import { startFleet } from "./sim/index";
import { pool } from "./sim/run";
import { fmt, printTable, summarize } from "./stats";

/** The route's candidates for a viewer, with the default protections (none of the bench's bots is shielded). */
const candidatesOf = (viewerId: UserId) => ({
  viewerId,
  now: new Date(),
  rules: { ...DEFAULT_PVP_PROTECTION, refuseLinked: true, linkWindowDays: 30 },
});

const firstBot = {
  name: "Bench Bot",
  model: "Striker X-1",
  colorScheme: "Cyber Blue",
  strength: 15,
  agility: 10,
  defense: 10,
  intelligence: 5,
};
const BATTLES_PER_TANK = Math.floor(MAX_ENERGY / AI_BATTLE_ENERGY);

function ok(answer: Answer, what: string): Answer {
  if (answer.status >= 300) throw new Error(`${what} failed: ${answer.status} ${answer.body}`);
  return answer;
}

export type ArenaBenchOptions = {
  players: number;
  rounds: number;
  postgresUrl: string | null;
  port: number;
};

export async function benchAiBattles(options: ArenaBenchOptions): Promise<void> {
  const database = options.postgresUrl ? await createBenchDatabase(options.postgresUrl, "ba_arena") : null;
  const dataDir = mkdtempSync(join(tmpdir(), "bot-arena-bench-arena-"));
  const [server] = await startFleet({ servers: 1, port: options.port, poolSize: 20 }, database, dataDir);
  const base = server!.base;
  try {
    const cookies: string[] = [];
    const setupStarted = performance.now();
    await pool(options.players, 16, async (i) => {
      const email = `arena_bench_${i}@arena.test`;
      const cookie = cookieFrom(
        ok(
          await request(base, "POST", "/api/auth/sign-up", {
            body: { username: `arena_bench_${i}`, email, password: "benchpass" },
          }),
          "sign-up",
        ),
      );
      ok(await request(base, "POST", "/api/bots", { cookie, body: firstBot }), "first bot");
      cookies[i] = cookie;
    });
    const setupMs = performance.now() - setupStarted;
    const energyCell = await energyCellId(base, cookies[0]!);

    const findLatencies: number[] = [];
    const battleLatencies: number[] = [];
    const refusals = new Map<number, number>();
    let battles = 0;
    let fightingMs = 0;
    const timed = async (latencies: number[], send: () => Promise<Answer>) => {
      const before = performance.now();
      const answer = await send();
      latencies.push(performance.now() - before);
      if (answer.status !== 200) refusals.set(answer.status, (refusals.get(answer.status) ?? 0) + 1);
      return answer;
    };

    for (let round = 0; round < options.rounds; round++) {
      if (round > 0) {
        await pool(cookies.length, 16, async (i) => {
          ok(
            await request(base, "POST", "/api/shop/purchase", {
              cookie: cookies[i],
              body: { itemType: "consumable", itemId: energyCell },
            }),
            "energy cell",
          );
        });
      }
      const started = performance.now();
      // Every player at once, each fighting a full tank one battle after another.
      await Promise.all(
        cookies.map(async (cookie) => {
          for (let b = 0; b < BATTLES_PER_TANK; b++) {
            await timed(findLatencies, () => request(base, "POST", "/api/arena/ai/opponent", { cookie }));
            const answer = await timed(battleLatencies, () =>
              request(base, "POST", "/api/arena/ai/battle", { cookie }),
            );
            if (answer.status === 200) battles++;
          }
        }),
      );
      fightingMs += performance.now() - started;
    }

    const battle = summarize(battleLatencies, fightingMs / 1000);
    const find = summarize(findLatencies, fightingMs / 1000);
    printTable(
      `AI battles over HTTP (${options.players} players at once, ${options.rounds} rounds of ${BATTLES_PER_TANK} battles each, ${database ? "PostgreSQL" : "PGlite"})`,
      ["request", "count", "per second", "p50 ms", "p99 ms", "max ms"],
      [
        ["POST /api/arena/ai/battle", battle.count, battle.rps, battle.p50, battle.p99, battle.max],
        ["POST /api/arena/ai/opponent", find.count, find.rps, find.p50, find.p99, find.max],
      ],
    );
    console.log(
      `battles fought: ${fmt(battles)} in ${fmt(fightingMs / 1000)} s of fighting = ${fmt(battles / (fightingMs / 1000))} battles/s (each with its opponent find); refusals: ${refusals.size ? JSON.stringify([...refusals]) : "none"}`,
    );
    console.log(`setup (sign-up + first bot) of ${options.players} players: ${fmt(setupMs)} ms`);
  } finally {
    await server!.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

async function energyCellId(base: URL, cookie: string): Promise<string> {
  const shop = JSON.parse(ok(await request(base, "GET", "/api/shop", { cookie }), "shop").body) as {
    consumables: { id: string; type: string }[];
  };
  const cell = shop.consumables.find((item) => item.type === "energy_restore");
  if (!cell) throw new Error("the shop sells no energy_restore consumable");
  return cell.id;
}

export type LeaderboardBenchOptions = {
  bots: number;
  owners: number;
  runs: number;
  postgresUrl: string | null;
};

export async function benchLeaderboard(options: LeaderboardBenchOptions): Promise<void> {
  const target = options.postgresUrl ? await createBenchDatabase(options.postgresUrl, "ba_board") : null;
  const database: Database = target
    ? await openPostgres(target.url, { poolSize: 4, log: { warn() {} } })
    : await openPglite(null);
  try {
    await migrateDatabase(database.driver, database.db);
    const { db } = database;
    const insertStarted = performance.now();
    await db.execute(sql`
      insert into profiles (username, email, password_hash, coins)
      select 'board_' || g, 'board_' || g || '@bench.test', 'not-a-hash', 1000
      from generate_series(1, ${options.owners}) as g`);
    // Wins and XP spread like a live game: most bots have few wins, a long tail has many. Drawn in the select
    // list, once per row: a lateral subquery that does not name the row is evaluated once, for every bot alike.
    await db.execute(sql`
      with owners as (select array_agg(id order by id) as ids from profiles),
           drawn as (select g, floor(power(random(), 3) * 2000)::int as w, floor(random() * 100000)::int as x
                     from generate_series(1, ${options.bots}) as g)
      insert into bots (user_id, name, model, strength, agility, defense, intelligence,
                        color_primary, color_secondary, wins, losses, xp, level)
      select owners.ids[1 + (g % ${options.owners})], 'Board Bot ' || g, 'Nova S-4', 10, 10, 10, 10,
             '#00d4ff', '#0057ff', w, (random() * 200)::int, x, 1 + x / 100
      from drawn, owners`);
    await db.execute(sql`analyze bots`);
    await db.execute(sql`analyze profiles`);
    const insertMs = performance.now() - insertStarted;

    const time = async (fn: () => Promise<unknown>) => {
      for (let i = 0; i < 20; i++) await fn();
      const latencies: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        const before = performance.now();
        await fn();
        latencies.push(performance.now() - before);
      }
      return summarize(latencies, 1);
    };
    const [outsider] = rowsOf<{ id: UserId }>(
      await db.execute(sql`select user_id as id from bots order by wins asc, xp asc limit 1`),
    );
    const service = createLeaderboardService({ db });
    const top = await time(() => topBotsQuery(db));
    const withRank = await time(() => service.top(outsider!.id));
    const outsiderRank = (await service.top(outsider!.id)).you?.rank ?? null;

    printTable(
      `Leaderboard over ${fmt(options.bots)} bots of ${fmt(options.owners)} players (${database.driver}, ${options.runs} runs each)`,
      ["query", "p50 ms", "p99 ms", "max ms"],
      [
        ["top 100 by wins, then XP (the route's query)", top.p50, top.p99, top.max],
        [
          `the route's whole answer for a player whose best bot ranks ${outsiderRank === null ? "in the top 100" : `#${fmt(outsiderRank)}`}`,
          withRank.p50,
          withRank.p99,
          withRank.max,
        ],
      ],
    );
    // The PvP list around a level: its cost should not depend on where the level sits.
    const [{ top: highest } = { top: 1 }] = rowsOf<{ top: number }>(
      await db.execute(sql`select max(level) as top from bots`),
    );
    const levels = [1, Math.ceil(highest / 2), highest];
    const rows = [];
    for (const level of levels) {
      const { p50, p99, max } = await time(() => pvpOpponentsQuery(db, candidatesOf(outsider!.id), level));
      rows.push([fmt(level), p50, p99, max]);
    }
    printTable(
      `PvP opponent list over the same bots (the route's list query; ${database.driver}, ${options.runs} runs each)`,
      ["viewer's level", "p50 ms", "p99 ms", "max ms"],
      rows,
    );
    console.log(`bulk insert of the bots: ${fmt(insertMs)} ms`);
    const explain = async (what: string, query: SQLWrapper) => {
      const plan = rowsOf<Record<string, string>>(
        await db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`),
      );
      console.log(`EXPLAIN ANALYZE of ${what}:`);
      for (const row of plan) console.log(`  ${Object.values(row)[0]}`);
    };
    await explain("the top-100 query", topBotsQuery(db));
    await explain(
      `the PvP list at level ${fmt(levels[1]!)}`,
      pvpOpponentsQuery(db, candidatesOf(outsider!.id), levels[1]!),
    );
  } finally {
    await database.close();
    await target?.drop();
  }
}
