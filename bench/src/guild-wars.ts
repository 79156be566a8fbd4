// `npm run bench -- --only=guild-wars`: a whole guild war's server time, in-process on a fresh database (the
// PostgreSQL of DATABASE_URL, else in-memory PGlite). Eight guilds of 5 pilots each (140 fought duels): the
// muster (war opens, the 8 guilds claimed; since issue 26 no stakes), the battle's start (rosters snapshotted,
// 140 duels drawn, round 1 fought), each round's end, and the completion with the payouts (the house's three
// prizes). The windows between deadlines are skipped, only the server's work is counted. Prints milliseconds,
// duels per second and, on PostgreSQL, round trips per duel.
import { GUILD_WAR_REST_HOURS } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { createWarEngine } from "../../packages/server/src/features/guild-wars/engine";
import { musterWars } from "../../packages/server/src/features/guild-wars/muster";
import { type Database, rowsOf } from "../../packages/server/src/platform/db/database";
import { verifyLedger } from "../../packages/server/src/platform/ledger-verify";
import { countRoundTrips, openFreshDatabase, roundTripsSoFar } from "./in-process";
import { printTable } from "./stats";

export type GuildWarBenchOptions = { runs: number; postgresUrl: string | null };

const GUILDS = 8;
const MEMBERS = 5;
const timings = { registrationSeconds: 1, battleSeconds: 7 };

/** 8 guilds of 5 pilots with active bots and 500 coins in each bank (seeded through ledger rows). */
async function seedGuilds(database: Database): Promise<void> {
  const run = Math.random().toString(36).slice(2, 8);
  await database.db.execute(sql`
    with clans as (
      insert into guilds (name, tag, member_count, bank_balance)
      select 'Bench Clan ' || ${run} || g, 'B' || g, ${MEMBERS}, 500 from generate_series(1, ${GUILDS}) as g
      returning id
    ), banks as (
      insert into coin_ledger (guild_id, account, delta, balance_after, reason)
      select id, 'guild_bank', 500, 500, 'bench_seed' from clans
    ), pilots as (
      insert into profiles (username, email, password_hash, coins)
      select 'war_' || ${run} || '_' || n, 'war_' || ${run} || '_' || n || '@bench.test', 'x', 0
      from generate_series(1, ${GUILDS * MEMBERS}) as n
      returning id
    ), numbered as (
      select id, row_number() over (order by id) as n from pilots
    ), fleet as (
      insert into bots (user_id, name, model, class, rarity, strength, agility, defense, intelligence,
        color_primary, color_secondary, is_active, stat_points_allocated)
      select id, 'War Bot ' || n, 'Striker X-1', 'hero', 'common', 10 + (random() * 40)::int,
        10 + (random() * 40)::int, 10 + (random() * 40)::int, 10 + (random() * 40)::int, '#22e5ff', '#ff2bd6',
        true, true
      from numbered
    )
    insert into guild_members (guild_id, user_id, role)
    select c.id, p.id, 'member'
    from (select id, row_number() over (order by id) as g from clans) c
    join numbered p on (p.n - 1) / ${MEMBERS} + 1 = c.g`);
}

type Step = { ms: number; trips: number };
async function timed(work: () => Promise<unknown>): Promise<Step> {
  const trips = roundTripsSoFar();
  const start = performance.now();
  await work();
  return { ms: performance.now() - start, trips: roundTripsSoFar() - trips };
}

export async function benchGuildWars(options: GuildWarBenchOptions): Promise<boolean> {
  if (options.postgresUrl) countRoundTrips();
  const rows: (string | number)[][] = [];
  let clean = true;
  // The first run warms the JIT and the connection pool; it is not reported.
  for (let run = 0; run <= options.runs; run++) {
    const { database, drop } = await openFreshDatabase(options.postgresUrl, "ba_bench_war");
    try {
      const db = database.db;
      await seedGuilds(database);
      const engine = createWarEngine({ timings, restHours: GUILD_WAR_REST_HOURS });
      let now = new Date();
      let warId = "";
      const muster = await timed(async () => {
        [warId = ""] = await db.transaction((tx) => musterWars(tx, now, timings));
      });
      const advance = async () => {
        const [due] = rowsOf<{ at: Date | string }>(
          await db.execute(sql`select next_due_at as at from guild_wars where id = ${warId}::uuid`),
        );
        if (!due?.at) return false;
        now = new Date(due.at);
        await db.transaction((tx) => engine.advance(tx, warId, now));
        return true;
      };
      const start = await timed(advance);
      const rounds: Step[] = [];
      for (;;) {
        const step = await timed(async () => {
          if (!(await advance())) throw new Error("done");
        }).catch(() => null);
        if (!step) break;
        rounds.push(step);
      }
      const [fought] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from guild_war_duels where war_id = ${warId}::uuid and battle_id is not null`,
        ),
      );
      const duels = Number(fought?.n ?? 0);
      const battleMs = start.ms + rounds.reduce((sum, s) => sum + s.ms, 0);
      const battleTrips = start.trips + rounds.reduce((sum, s) => sum + s.trips, 0);
      const total = muster.ms + battleMs;
      const ledger = await verifyLedger(db);
      if (ledger.mismatches.length > 0) clean = false;
      if (run > 0) {
        rows.push([
          run,
          duels,
          Math.round(muster.ms),
          Math.round(start.ms),
          Math.round(rounds.slice(0, -1).reduce((sum, s) => sum + s.ms, 0) / Math.max(1, rounds.length - 1)),
          Math.round(rounds.at(-1)?.ms ?? 0),
          Math.round(total),
          Math.round((duels * 1000) / battleMs),
          options.postgresUrl ? (battleTrips / Math.max(1, duels)).toFixed(2) : "n/a",
          ledger.mismatches.length === 0 ? "clean" : `${ledger.mismatches.length} off`,
        ]);
      }
    } finally {
      await drop();
    }
  }
  printTable(
    `A whole guild war, 8 guilds x 5 bots, server work only (${options.postgresUrl ? "PostgreSQL" : "PGlite"})`,
    [
      "run",
      "duels",
      "muster ms",
      "battle start ms",
      "round ms (avg)",
      "last round + payout ms",
      "whole war ms",
      "duels/s",
      "round trips/duel",
      "ledger",
    ],
    rows,
  );
  return clean;
}
