// A season closed while its pilots attack, on PostgreSQL, with two apps (two pools) on one database and both
// runners racing for the close: 100 attackers hit 100 defenders (200 pilots) as the season ends. The close pays each prize
// once, the stored standings are the ladder frozen 10 minutes before the end, and no battle's write is lost
// against the reset: a battle fought before the close is unrated (the freeze) and then reset; one after it is
// rated from the reset rating. The ledger audits clean.
import { type CurrentSeason, SEASON_LADDER_SIZE } from "@bot-arena/contract";
import { newPilotRating, rateBattle, softReset } from "@bot-arena/game";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import {
  createTestApp,
  createTestDatabase,
  signUp,
  type TestApp,
  type TestDatabase,
  testClock,
} from "../../../test/helpers";
import { raceIt, racesRunHere } from "../../../test/race";
import { coinLedger, pilotRatings, pvpResults, pvpSeasonStandings } from "../../platform/db/schema";
import { CHAMPION, type Pilot, pilot, SCRAP_HEAP, setBot } from "../arena/testing";
import { expectLedgerClean, setCoins } from "../bots/testing";
import { SEASON_PRIZE_REASON } from "./close";
import { seasonOf, setPrizes } from "./testing";

const PAIRS = 100;
const START = new Date("2030-01-15T12:00:00Z");
const clock = testClock(START);
const adminEmail = "race_admin@arena.test";
let shared: TestDatabase;
let apps: TestApp[] = [];

beforeAll(async () => {
  if (!racesRunHere) return;
  shared = await createTestDatabase();
  const options = {
    database: shared.database,
    clock,
    config: { adminEmails: [adminEmail], reconcilerIntervalMs: 0 },
  };
  apps = [await createTestApp(options), await createTestApp(options)];
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await shared?.drop();
});

const original = (index: number) => ({
  ...newPilotRating(),
  lastRatedAt: START.getTime(),
  rating: 1200 + index * 3.5,
  deviation: 80,
  volatility: 0.06,
});

describe("a season closed under attack", () => {
  raceIt(
    "pays each prize once, keeps the frozen podium and loses no battle's rating against the reset",
    async () => {
      const [a, b] = apps as [TestApp, TestApp];
      const admin = await signUp(a.app, { email: adminEmail, username: "race_admin" });
      const pilots: Pilot[] = [];
      for (let i = 0; i < PAIRS * 2; i++) pilots.push(await pilot(a));
      // A season of play: every pilot on the ladder, rated apart, with a wallet at stake.
      await a.db.insert(pilotRatings).values(
        pilots.map((p, i) => ({
          userId: p.id,
          rating: original(i).rating,
          deviation: 80,
          volatility: 0.06,
          lastRatedAt: START,
          seasonBattles: 5,
        })),
      );
      for (const p of pilots) await setCoins(a.db, p, 1000);
      const attackers = pilots.filter((_, i) => i % 2 === 0);
      const defenders = pilots.filter((_, i) => i % 2 === 1);
      for (const p of attackers) await setBot(a.db, p.bot.id, CHAMPION);
      for (const p of defenders) await setBot(a.db, p.bot.id, SCRAP_HEAP);
      expect((await setPrizes(admin, { first: 900, second: 500, third: 250 })).statusCode).toBe(200);

      const season = await seasonOf(admin);
      clock.advance(new Date(season.frozenAt).getTime() - START.getTime());
      const frozen: CurrentSeason = await seasonOf(admin);
      expect(frozen.frozen).toBe(true);
      clock.advance(new Date(season.endsAt).getTime() - clock.now().getTime());

      // A fifth of the pairs before the close; three fifths in 12 lanes of 5 battles each (the lanes at once,
      // alternating between the apps, each lane's battles one after another) while both runners race for the
      // close, so battles are in flight when it runs and others follow it; the last fifth after it.
      const fight = async (pair: number) => {
        const response = await apps[pair % 2]!.app.inject({
          method: "POST",
          url: "/api/arena/pvp/battle",
          headers: { cookie: attackers[pair]!.cookie },
          payload: { defenderId: defenders[pair]!.bot.id },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      const pairs = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
      const LANES = 12;
      await Promise.all(pairs(0, PAIRS / 5).map(fight));
      const racing = pairs(PAIRS / 5, (PAIRS * 4) / 5);
      await Promise.all([
        ...pairs(0, LANES).map(async (lane) => {
          for (const pair of racing.filter((_, i) => i % LANES === lane)) await fight(pair);
        }),
        a.app.reconciler.runOnce(),
        b.app.reconciler.runOnce(),
      ]);
      await Promise.all(pairs((PAIRS * 4) / 5, PAIRS).map(fight));

      // The standings are the ladder at the freeze, and every pilot is in them once.
      const standings = await a.db
        .select()
        .from(pvpSeasonStandings)
        .where(eq(pvpSeasonStandings.seasonNumber, 1))
        .orderBy(pvpSeasonStandings.place);
      expect(standings).toHaveLength(PAIRS * 2);
      expect(
        standings.slice(0, SEASON_LADDER_SIZE).map((s) => ({ place: s.place, username: s.username })),
      ).toEqual(frozen.ladder.map((s) => ({ place: s.place, username: s.username })));
      // Each prize once, to the frozen podium.
      const prizes = await a.db.select().from(coinLedger).where(eq(coinLedger.reason, SEASON_PRIZE_REASON));
      const podium = new Map(standings.slice(0, 3).map((s) => [s.userId, s.coins]));
      expect(prizes.map((row) => [row.userId, Number(row.delta)]).sort()).toEqual(
        [...podium].map(([userId, coins]) => [userId, coins]).sort(),
      );
      expect([...podium.values()]).toEqual([900, 500, 250]);

      // Each pilot fought once: an unrated battle before the close (reset after it) or a rated one after it,
      // from the reset rating; no write is lost either way.
      const results = await a.db
        .select()
        .from(pvpResults)
        .where(
          inArray(
            pvpResults.attackerUserId,
            attackers.map((p) => p.id),
          ),
        );
      expect(results).toHaveLength(PAIRS);
      const rated = results.filter((r) => r.rated).length;
      expect(rated).toBeGreaterThanOrEqual(PAIRS / 5);
      expect(rated).toBeLessThanOrEqual((PAIRS * 4) / 5);
      const stored = new Map((await a.db.select().from(pilotRatings)).map((row) => [row.userId, row]));
      const index = new Map(pilots.map((p, i) => [p.id, i]));
      for (const result of results) {
        const [ai, di] = [index.get(result.attackerUserId)!, index.get(result.defenderUserId)!];
        const [attacker, defender] = [softReset(original(ai)), softReset(original(di))];
        if (result.rated) {
          expect(result.attackerRatingBefore).toBe(attacker.rating);
          expect(result.defenderRatingBefore).toBe(defender.rating);
          const rated = rateBattle(attacker, defender, "attacker", result.createdAt.getTime());
          expect(stored.get(result.attackerUserId)).toMatchObject({
            rating: rated.attacker.rating,
            seasonBattles: 1,
          });
          expect(stored.get(result.defenderUserId)).toMatchObject({
            rating: rated.defender.rating,
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
      await expectLedgerClean(a);
    },
    240_000,
  );
});
