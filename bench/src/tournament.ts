// `npm run bench -- --only=tournament`: a whole tournament's server time, in-process on a fresh database (the
// PostgreSQL of DATABASE_URL, else in-memory PGlite). For each format and 16, 64 and 256 players (a round robin
// takes at most 16): the joins and ready-ups, End Now (every round and the payout in one request), and the same
// tournament played as production plays it, round by round by the runner (the round windows themselves are not
// counted, only the server's work). Prints milliseconds and, on PostgreSQL, database round trips per match.
import { type EventFormatName, ROUND_ROBIN_MAX_ENTRANTS } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { createTournamentAdminService } from "../../packages/server/src/features/tournament/admin";
import { registerTournamentDeadlines } from "../../packages/server/src/features/tournament/due";
import { createTournamentService } from "../../packages/server/src/features/tournament/service";
import type { Database } from "../../packages/server/src/platform/db/database";
import type { UserId } from "../../packages/server/src/platform/ids";
import { verifyLedger } from "../../packages/server/src/platform/ledger-verify";
import { createReconciler } from "../../packages/server/src/platform/reconciler";
import { countRoundTrips, openFreshDatabase, roundTripsSoFar } from "./in-process";
import { printTable } from "./stats";

export type TournamentBenchOptions = {
  sizes: number[];
  formats: EventFormatName[];
  postgresUrl: string | null;
};

/** The sizes a format can be played at: a round robin stops at 16 players. */
const sizesFor = (format: EventFormatName, sizes: readonly number[]) =>
  format === "round_robin" ? [...new Set(sizes.map((n) => Math.min(n, ROUND_ROBIN_MAX_ENTRANTS)))] : sizes;

const clock = { now: () => new Date() };

async function seedPlayers(database: Database, count: number): Promise<UserId[]> {
  const run = Math.random().toString(36).slice(2, 8);
  const rows = await database.db.execute(sql`
    with players as (
      insert into profiles (username, email, password_hash, coins)
      select 'bench_' || ${run} || '_' || n, 'bench_' || ${run} || '_' || n || '@bench.test', 'x', 1000
      from generate_series(1, ${count}) as n
      returning id
    ), bonus as (
      insert into coin_ledger (user_id, account, delta, balance_after, reason)
      select id, 'wallet', 1000, 1000, 'signup_bonus' from players
    ), fleet as (
      insert into bots (user_id, name, model, class, rarity, strength, agility, defense, intelligence,
        color_primary, color_secondary, is_active, stat_points_allocated)
      select id, 'Bench Bot', 'Striker X-1', 'hero', 'common', 10 + (random() * 40)::int, 10 + (random() * 40)::int,
        10 + (random() * 40)::int, 10 + (random() * 40)::int, '#22e5ff', '#ff2bd6', true, true
      from players
    )
    select id from players`);
  return (rows as unknown as { rows: { id: UserId }[] }).rows.map((r) => r.id);
}

type Timed<T> = { ms: number; trips: number; value: T };
async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const trips = roundTripsSoFar();
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, trips: roundTripsSoFar() - trips, value };
}

async function statusOf(database: Database, id: string): Promise<string> {
  const result = await database.db.execute(sql`select status from tournaments where id = ${id}::uuid`);
  return (result as unknown as { rows: { status: string }[] }).rows[0]?.status ?? "missing";
}

async function matchesFought(database: Database, id: string): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from tournament_matches where tournament_id = ${id}::uuid and battle_id is not null`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export async function benchTournament(options: TournamentBenchOptions): Promise<boolean> {
  if (options.postgresUrl) countRoundTrips();
  const rows: (string | number)[][] = [];
  let clean = true;
  // The first run warms the JIT and the connection pool; it is not reported.
  const runs: [EventFormatName, number][] = [
    ["single_elimination", 4],
    ...options.formats.flatMap((format) =>
      sizesFor(format, options.sizes).map((n): [EventFormatName, number] => [format, n]),
    ),
  ];
  for (const [index, [format, players]] of runs.entries()) {
    const { database, drop } = await openFreshDatabase(options.postgresUrl, "ba_bench_tour", 10);
    try {
      const db = database.db;
      const reconciler = createReconciler({
        db,
        clock,
        log: { warn() {}, error: (o: unknown) => console.error(o) },
        intervalMs: 0,
      });
      registerTournamentDeadlines(reconciler);
      const tournaments = createTournamentService({ db, clock, reconciler });
      const admin = createTournamentAdminService({
        db,
        clock,
        config: { tournament: { registrationMinutes: 60, roundSeconds: 1 } },
        reconciler,
      });
      const [adminId] = await seedPlayers(database, 1);
      const entrants = await seedPlayers(database, players);
      const create = (name: string) =>
        admin.create(adminId!, {
          name,
          format,
          entryFeeMode: "player",
          maxPlayers: players,
          roundSeconds: 1,
        });

      // End Now: the bracket, every round and the payout in one request.
      const cup = (await create(`Bench ${players}`)).tournament;
      const joins: Timed<unknown>[] = [];
      for (const userId of entrants) joins.push(await timed(() => tournaments.join(userId, cup.id)));
      for (const userId of entrants) await tournaments.ready(userId, cup.id);
      const endNow = await timed(() => admin.act(adminId!, cup.id, "force_complete"));
      const fought = await matchesFought(database, cup.id);

      // The production path: Start, then one reconciler step per round end (windows skipped by moving the deadline).
      const second = (await create(`Bench rounds ${players}`)).tournament;
      for (const userId of entrants) await tournaments.join(userId, second.id);
      for (const userId of entrants) await tournaments.ready(userId, second.id);
      let stepMs = 0;
      let stepTrips = 0;
      let steps = 0;
      const start = await timed(() => admin.act(adminId!, second.id, "start"));
      stepMs += start.ms;
      stepTrips += start.trips;
      for (let i = 0; i < 300 && (await statusOf(database, second.id)) === "active"; i++) {
        await db.execute(sql`update tournaments set next_due_at = now() - interval '1 second'
          where id = ${second.id}::uuid and status = 'active'`);
        const step = await timed(() => reconciler.runOnce());
        if (step.value === 0) continue;
        stepMs += step.ms;
        stepTrips += step.trips;
        steps += 1;
      }
      const ledger = await verifyLedger(db);
      if (ledger.mismatches.length > 0) clean = false;
      const perJoin = joins.reduce((a, j) => a + j.ms, 0) / joins.length;
      const joinTrips = joins.reduce((a, j) => a + j.trips, 0) / joins.length;
      const trips = (n: number) => (options.postgresUrl ? n : "n/a");
      if (index > 0)
        rows.push([
          format,
          players,
          fought,
          perJoin,
          trips(joinTrips),
          endNow.ms,
          endNow.ms / fought,
          trips(endNow.trips / fought),
          steps,
          stepMs,
          stepMs / fought,
          trips(stepTrips / fought),
          ledger.mismatches.length === 0 ? "clean" : `${ledger.mismatches.length} mismatches`,
        ]);
    } finally {
      await drop();
    }
  }
  printTable(
    `Tournament server time (${options.postgresUrl ? "PostgreSQL" : "PGlite"}; battles fought and stored by the server)`,
    [
      "format",
      "players",
      "matches",
      "join ms",
      "join trips",
      "End Now ms",
      "ms/match",
      "trips/match",
      "rounds",
      "round-by-round ms",
      "ms/match",
      "trips/match",
      "ledger",
    ],
    rows,
  );
  return clean;
}
