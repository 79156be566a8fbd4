// A season closed while its pilots attack, on PostgreSQL, with two server processes on one database under the
// shared test clock: 100 attackers hit 100 defenders (200 pilots) through HTTP as the season ends, and both
// processes' runners race for the close (each moves the clock past the end, so each runs its deadlines at
// once), with battles of both processes in flight while it runs. The close pays each prize once, the stored standings are the ladder frozen 10 minutes before the end,
// and no battle's write is lost against the reset: a battle fought before the close is unrated (the freeze) and
// then reset; one after it is rated from the reset rating. The ledger audits clean.
import { type CurrentSeason, playerAlertKinds, SEASON_LADDER_SIZE } from "@bot-arena/contract";
import { rateBattle, SEASON_BADGE_PLACES, softReset } from "@bot-arena/game";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import {
  createTestApp,
  createTestDatabase,
  signUp,
  type TestApp,
  type TestDatabase,
} from "../../../test/helpers";
import { raceIt, racesRunHere } from "../../../test/race";
import {
  advanceProcessClock,
  advanceProcessesClock,
  processesAt,
  type ServerProcess,
  startServerProcess,
} from "../../../test/server-process";
import { rowsOf } from "../../platform/db/database";
import { alerts, coinLedger, pilotRatings, pvpResults, pvpSeasonStandings } from "../../platform/db/schema";
import { CHAMPION, type Pilot, pilot, SCRAP_HEAP, setBot } from "../arena/testing";
import { expectLedgerClean, setCoins } from "../bots/testing";
import { SEASON_PRIZE_REASON } from "./close";
import { runningSeason } from "./seasons";
import { setPrizes } from "./testing";

const PAIRS = 100;
const adminEmail = "race_admin@arena.test";
let shared: TestDatabase;
let t: TestApp;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!racesRunHere) return;
  shared = await createTestDatabase();
  // The pilots are made here (its runner off); the battles and the close happen in the two processes.
  t = await createTestApp({
    database: shared.database,
    config: { adminEmails: [adminEmail], reconcilerIntervalMs: 0 },
  });
  servers = await Promise.all(
    [0, 1].map(() => startServerProcess({ databaseUrl: shared.url!, env: { TEST_CLOCK: "on" } })),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await t?.close();
  await shared?.drop();
});

const databaseNowMs = async () =>
  Number(
    rowsOf<{ ms: number }>(
      await t.db.execute(sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`),
    )[0]!.ms,
  );

/** What the close's reset statement starts with (close.ts `resetRatings`). */
const RESET_STATEMENT = "update pilot_ratings r set rating";

/**
 * Runs `work` while this test holds `held`'s rating row (FOR UPDATE), so a close's reset waits on it; `work`
 * can ask whether the close waits there and how many other statements of this database wait on a lock. The
 * row is let go when `work` resolves.
 */
async function holdingOneRating<T>(
  held: Pilot,
  work: (probes: { closeWaits: () => Promise<boolean>; lockWaiters: () => Promise<number> }) => Promise<T>,
): Promise<T> {
  const waiting = async () =>
    rowsOf<{ query: string }>(
      await t.db.execute(sql`
        select query from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    ).map((row) => row.query.trim());
  return t.db.transaction(async (tx) => {
    await tx.select().from(pilotRatings).where(eq(pilotRatings.userId, held.id)).for("update");
    return work({
      closeWaits: async () => (await waiting()).some((query) => query.startsWith(RESET_STATEMENT)),
      lockWaiters: async () => (await waiting()).filter((query) => !query.startsWith(RESET_STATEMENT)).length,
    });
  });
}

describe("a season closed under attack, two processes", () => {
  raceIt(
    "pays each prize once, keeps the frozen podium and loses no battle's rating against the reset",
    async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const admin = await signUp(t.app, { email: adminEmail, username: "race_admin" });
      const pilots: Pilot[] = [];
      for (let i = 0; i < PAIRS * 2; i++) pilots.push(await pilot(t));
      const season = (await runningSeason(t.db))!;
      const pairs = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
      const original = (index: number) => ({
        rating: 1200 + index * 3.5,
        deviation: 80,
        volatility: 0.06,
        lastRatedAt: season.startsAt.getTime(),
      });
      // A season of play: every pilot rated apart, with a wallet at stake. The pairs that fight into the close
      // fought twice this season, short of the ladder: the standings the close writes (whose foreign keys lock
      // the profiles they name) name only the others, so only the close's own lock on every profile keeps those
      // battles from writing over the ratings it resets.
      const racing = pairs(PAIRS / 5, (PAIRS * 4) / 5);
      const onLadder = (index: number) => !racing.includes(Math.floor(index / 2));
      await t.db.insert(pilotRatings).values(
        pilots.map((p, i) => ({
          userId: p.id,
          ...original(i),
          lastRatedAt: season.startsAt,
          seasonBattles: onLadder(i) ? 5 : 2,
        })),
      );
      for (const p of pilots) await setCoins(t.db, p, 1000);
      const attackers = pilots.filter((_, i) => i % 2 === 0);
      const defenders = pilots.filter((_, i) => i % 2 === 1);
      for (const p of attackers) await setBot(t.db, p.bot.id, CHAMPION);
      for (const p of defenders) await setBot(t.db, p.bot.id, SCRAP_HEAP);
      expect((await setPrizes(admin, { first: 900, second: 500, third: 250 })).statusCode).toBe(200);

      const seasonPage = async (server: ServerProcess) => {
        const response = await fetch(`${server.url}/api/pvp/season`, { headers: { cookie: admin.cookie } });
        expect(response.status).toBe(200);
        return (await response.json()) as CurrentSeason;
      };
      // Into the freeze, for both processes.
      const intoFreeze = await advanceProcessesClock(
        servers,
        season.frozenAt.getTime() - (await databaseNowMs()) + 1_000,
      );
      const frozen = await seasonPage(b);
      expect(frozen.frozen).toBe(true);
      const ladderSize = pilots.filter((_, i) => onLadder(i)).length;
      expect(frozen.ladder).toHaveLength(Math.min(ladderSize, SEASON_LADDER_SIZE));

      const fight = async (pair: number) => {
        const response = await fetch(`${servers[pair % 2]!.url}/api/arena/pvp/battle`, {
          method: "POST",
          headers: { cookie: attackers[pair]!.cookie, "content-type": "application/json" },
          body: JSON.stringify({ defenderId: defenders[pair]!.bot.id }),
        });
        expect(response.status, await response.text()).toBe(200);
      };
      // A fifth of the pairs before the close; three fifths while it runs; the last fifth after it. Both
      // processes move the clock past the end at once, so both runners race for the close; the one that wins
      // it is held mid-step (its ratings read, its reset waiting on one rating row this test holds, a pilot of
      // the last fifth) while 16 lanes of battles (8 on each process, each lane's battles one after another)
      // run into it, until every lane still fighting waits on a lock (well inside the 5 s a runner's step may wait
      // for one). Then the close goes on.
      await Promise.all(pairs(0, PAIRS / 5).map(fight));
      const toEnd = season.endsAt.getTime() - (await databaseNowMs()) - intoFreeze.offsetMs + 1_000;
      const moves = await holdingOneRating(pilots.at(-1)!, async ({ closeWaits, lockWaiters }) => {
        const moving = Promise.all([advanceProcessClock(a, toEnd), advanceProcessClock(b, toEnd)]);
        await expect.poll(closeWaits, { timeout: 30_000 }).toBe(true);
        const LANES = 16;
        let fighting = LANES;
        const lanes = Promise.all(
          pairs(0, LANES).map(async (lane) => {
            for (const pair of racing.filter((_, i) => i % LANES === lane)) await fight(pair);
            fighting--;
          }),
        );
        await expect.poll(async () => (await lockWaiters()) >= fighting, { timeout: 30_000 }).toBe(true);
        return { moving, lanes };
      });
      await moves.lanes;
      await processesAt(servers, Math.max(...(await moves.moving).map((move) => move.offsetMs)));
      await Promise.all(pairs((PAIRS * 4) / 5, PAIRS).map(fight));

      // The standings are the ladder at the freeze, and every pilot on it is in them once.
      const standings = await t.db
        .select()
        .from(pvpSeasonStandings)
        .where(eq(pvpSeasonStandings.seasonNumber, 1))
        .orderBy(pvpSeasonStandings.place);
      expect(standings.map((s) => s.userId).sort()).toEqual(
        pilots
          .filter((_, i) => onLadder(i))
          .map((p) => p.id)
          .sort(),
      );
      expect(
        standings.slice(0, SEASON_LADDER_SIZE).map((s) => ({ place: s.place, username: s.username })),
      ).toEqual(frozen.ladder.map((s) => ({ place: s.place, username: s.username })));
      // Each prize once, to the frozen podium.
      const prizes = await t.db.select().from(coinLedger).where(eq(coinLedger.reason, SEASON_PRIZE_REASON));
      const podium = new Map(standings.slice(0, 3).map((s) => [s.userId, s.coins]));
      expect(prizes.map((row) => [row.userId, Number(row.delta)]).sort()).toEqual(
        [...podium].map(([userId, coins]) => [userId, coins]).sort(),
      );
      expect([...podium.values()]).toEqual([900, 500, 250]);

      // Each of the ten told once, of the place and coins the standings keep.
      const told = await t.db.select().from(alerts).where(eq(alerts.kind, playerAlertKinds.pvpSeasonReward));
      expect(told.map((a) => [a.userId, a.data]).sort()).toEqual(
        standings
          .slice(0, SEASON_BADGE_PLACES)
          .map((s) => [
            s.userId,
            { season: 1, place: s.place, badge: s.badge, title: s.title, coins: s.coins },
          ])
          .sort(),
      );

      // Each pilot fought once: an unrated battle before the close (reset after it) or a rated one after it,
      // from the reset rating; no write is lost either way.
      const results = await t.db
        .select()
        .from(pvpResults)
        .where(
          inArray(
            pvpResults.attackerUserId,
            attackers.map((p) => p.id),
          ),
        );
      expect(results).toHaveLength(PAIRS);
      // The first fifth fought in the freeze; every battle that ran into the close waited for it.
      expect(results.filter((r) => r.rated)).toHaveLength((PAIRS * 4) / 5);
      const stored = new Map((await t.db.select().from(pilotRatings)).map((row) => [row.userId, row]));
      const index = new Map(pilots.map((p, i) => [p.id, i]));
      for (const result of results) {
        const [ai, di] = [index.get(result.attackerUserId)!, index.get(result.defenderUserId)!];
        const [attacker, defender] = [softReset(original(ai)), softReset(original(di))];
        if (result.rated) {
          expect(result.attackerRatingBefore).toBe(attacker.rating);
          expect(result.defenderRatingBefore).toBe(defender.rating);
          const after = rateBattle(attacker, defender, "attacker", result.createdAt.getTime());
          expect(stored.get(result.attackerUserId)).toMatchObject({
            rating: after.attacker.rating,
            seasonBattles: 1,
          });
          expect(stored.get(result.defenderUserId)).toMatchObject({
            rating: after.defender.rating,
            seasonBattles: 1,
          });
        } else {
          expect(result.attackerRatingBefore).toBe(original(ai).rating);
          expect(stored.get(result.attackerUserId)).toMatchObject({
            rating: attacker.rating,
            seasonBattles: 0,
          });
          expect(stored.get(result.defenderUserId)).toMatchObject({
            rating: defender.rating,
            seasonBattles: 0,
          });
        }
      }
      await expectLedgerClean(t);
    },
    240_000,
  );
});
