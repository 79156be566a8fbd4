// Ten attackers on one defender at once, through two server processes on one PostgreSQL: the raids queue on the
// defender's profile lock, so its rating and coins move in exactly the defenses the rules allow (three lost,
// then the shield; or eight held, then the cap) and every rating step follows from the one before it. Ten
// attackers coming back in waves for an hour of the shared test clock move it in at most the allowed defenses,
// and the shield holds until the end the rules give it, then lets the day's last defense through before the
// cap. One revenge sent twice at once is fought once; a shielded pilot's revenge racing raids lets none through
// before it; linked accounts never move each other's rating or coins.
import {
  DEFAULT_PVP_PROTECTION,
  newPilotRating,
  type PilotRating,
  pvpMessages,
  pvpStake,
  rateBattle,
} from "@bot-arena/game";
import { asc, eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from "../../../test/helpers";
import { raceIt, racesRunHere } from "../../../test/race";
import { advanceProcessesClock, type ServerProcess, startServerProcess } from "../../../test/server-process";
import { pilotRatings, pvpResults } from "../../platform/db/schema";
import { CHAMPION, type Pilot, pilot, SCRAP_HEAP, setBot } from "../arena/testing";
import { coinsOf, expectLedgerClean, setCoins } from "../bots/testing";
import { linkedPilots } from "./testing";

let shared: TestDatabase;
let t: TestApp;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!racesRunHere) return;
  shared = await createTestDatabase();
  t = await createTestApp({ database: shared.database });
  // The racers sign up in this process, each from an address of its own (linked only where a test says so).
  // Under the shared test clock, so the last test can spread its waves over an hour and outlive a shield; the
  // tests before it never move it.
  servers = await Promise.all(
    [0, 1].map(() => startServerProcess({ databaseUrl: shared.url!, env: { TEST_CLOCK: "on" } })),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await t?.close();
  await shared?.drop();
});

const challenge = async (server: ServerProcess, attacker: Pilot, defender: Pilot, revengeOf?: string) => {
  const response = await fetch(`${server.url}/api/arena/pvp/battle`, {
    method: "POST",
    headers: { cookie: attacker.cookie, "content-type": "application/json" },
    body: JSON.stringify({ defenderId: defender.bot.id, ...(revengeOf ? { revengeOf } : {}) }),
  });
  return { status: response.status, body: (await response.json()) as { error?: { message: string } } };
};

/** Ten attackers at once, alternating between the two processes. */
async function tenRaids(defender: Pilot, attackersWin: boolean) {
  const attackers = await Promise.all(Array.from({ length: 10 }, () => pilot(t)));
  for (const attacker of attackers) await setBot(t.db, attacker.bot.id, attackersWin ? CHAMPION : SCRAP_HEAP);
  await setBot(t.db, defender.bot.id, attackersWin ? SCRAP_HEAP : CHAMPION);
  const answers = await Promise.all(
    attackers.map((attacker, i) => challenge(servers[i % 2]!, attacker, defender)),
  );
  return { attackers, answers };
}

/** The defender's rating replayed from its result rows, each step by the rulebook from the one before. */
async function expectRatingChain(defender: Pilot, fought: number) {
  const rows = await t.db
    .select()
    .from(pvpResults)
    .where(eq(pvpResults.defenderUserId, defender.id))
    .orderBy(asc(pvpResults.createdAt));
  expect(rows).toHaveLength(fought);
  let rating: PilotRating = newPilotRating();
  for (const row of rows) {
    expect(row.defenderRatingBefore).toBe(rating.rating);
    // Each attacker fought once: it came in at the start.
    const winner = row.defenderWon ? "defender" : "attacker";
    const rated = rateBattle(newPilotRating(), rating, winner, row.createdAt.getTime());
    expect(row.defenderRatingAfter).toBe(rated.defender.rating);
    rating = rated.defender;
  }
  const [stored] = await t.db.select().from(pilotRatings).where(eq(pilotRatings.userId, defender.id));
  expect(stored?.rating).toBe(rating.rating);
  return stored;
}

describe("ten attackers on one defender, two processes", () => {
  raceIt(
    "three lost defenses move its rating and coins, then the shield refuses the other seven",
    async () => {
      const defender = await pilot(t);
      await setCoins(t.db, defender, 10_000);
      const { attackers, answers } = await tenRaids(defender, true);
      const fought = answers.filter((a) => a.status === 200);
      expect(fought).toHaveLength(3);
      const refusals = answers.filter((a) => a.status !== 200);
      expect(refusals.map((a) => a.status)).toEqual(Array(7).fill(409));
      for (const refusal of refusals)
        expect(refusal.body.error?.message).toMatch(/^This pilot is shielded until /);
      // 10% of 10 000, of 9 000, of 8 100: nothing more.
      expect(await coinsOf(defender)).toBe(7290);
      const wallets = await Promise.all(attackers.map((a) => coinsOf(a)));
      expect(wallets.reduce((sum, coins) => sum + coins, 0)).toBe(10 * 1000 + 2710);
      const stored = await expectRatingChain(defender, 3);
      expect(stored).toMatchObject({ wins: 0, losses: 3 });
      expect(stored?.shieldUntil?.getTime()).toBeGreaterThan(Date.now());
      await expectLedgerClean(t);
    },
    120_000,
  );

  raceIt(
    "eight held defenses move its rating and coins, then the daily cap refuses the other two",
    async () => {
      const defender = await pilot(t);
      const { answers } = await tenRaids(defender, false);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(8);
      const refusals = answers.filter((a) => a.status !== 200);
      expect(refusals.map((a) => [a.status, a.body.error?.message])).toEqual(
        Array(2).fill([409, pvpMessages.capped(8)]),
      );
      // Eight attackers each paid 10% of 1 000.
      expect(await coinsOf(defender)).toBe(1000 + 8 * 100);
      expect(await expectRatingChain(defender, 8)).toMatchObject({ wins: 8, losses: 0, shieldUntil: null });
      await expectLedgerClean(t);
    },
    120_000,
  );

  raceIt(
    "one revenge sent to both processes at once is fought once",
    async () => {
      const me = await pilot(t);
      const raider = await pilot(t);
      await setBot(t.db, raider.bot.id, CHAMPION);
      const raid = await challenge(servers[0]!, raider, me);
      expect(raid.status).toBe(200);
      const raidId = (raid.body as { battle?: { id: string } }).battle!.id;
      await setBot(t.db, me.bot.id, CHAMPION);
      const answers = await Promise.all(servers.map((server) => challenge(server, me, raider, raidId)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body.error?.message).toBe(pvpMessages.revengeClosed);
      const revenges = await t.db.select().from(pvpResults).where(eq(pvpResults.revengeOf, raidId));
      expect(revenges).toHaveLength(1);
      await expectLedgerClean(t);
    },
    120_000,
  );

  raceIt(
    "two linked accounts attacking each other through both processes move no rating and no coins",
    async () => {
      const [a, b] = await linkedPilots(t, "L".repeat(43));
      const answers = await Promise.all([
        challenge(servers[0]!, a, b),
        challenge(servers[1]!, b, a),
        challenge(servers[1]!, a, b),
        challenge(servers[0]!, b, a),
      ]);
      expect(answers.map((x) => [x.status, x.body.error?.message])).toEqual(
        Array(4).fill([409, pvpMessages.linked]),
      );
      expect([await coinsOf(a), await coinsOf(b)]).toEqual([1000, 1000]);
      const rated = await t.db
        .select()
        .from(pilotRatings)
        .where(inArray(pilotRatings.userId, [a.id, b.id]));
      expect(rated).toEqual([]);
    },
    120_000,
  );

  raceIt(
    "a shielded pilot's revenge racing raids on both processes: each raid is refused by the shield or fought after the revenge ended it",
    async () => {
      const me = await pilot(t);
      await setCoins(t.db, me, 10_000);
      const raiders = await Promise.all([0, 1, 2].map(() => pilot(t)));
      for (const raider of raiders) await setBot(t.db, raider.bot.id, CHAMPION);
      await setBot(t.db, me.bot.id, SCRAP_HEAP);
      const raids: string[] = [];
      for (const raider of raiders) {
        const raid = await challenge(servers[0]!, raider, me);
        expect(raid.status).toBe(200);
        raids.push((raid.body as { battle?: { id: string } }).battle!.id);
      }
      const [shielded] = await t.db.select().from(pilotRatings).where(eq(pilotRatings.userId, me.id));
      const shieldEnds = shielded!.shieldUntil!.getTime();
      // Now the pilot's bot wins: the revenge lands, and a raid fought after it is a held defense (no new shield).
      await setBot(t.db, me.bot.id, CHAMPION);
      const fresh = await Promise.all(Array.from({ length: 5 }, () => pilot(t)));
      for (const attacker of fresh) await setBot(t.db, attacker.bot.id, SCRAP_HEAP);
      // One raid while the shield is surely up, then the revenge and four more at once, on both processes.
      const early = await challenge(servers[1]!, fresh[0]!, me);
      const [revenge, ...racing] = await Promise.all([
        challenge(servers[0]!, me, raiders[0]!, raids[0]),
        ...fresh.slice(1).map((attacker, i) => challenge(servers[i % 2]!, attacker, me)),
      ]);
      expect(revenge.status, JSON.stringify(revenge.body)).toBe(200);
      const answers = [early, ...racing];
      const fought = answers.filter((a) => a.status === 200).length;
      for (const refused of answers.filter((a) => a.status !== 200))
        expect([refused.status, refused.body.error?.message]).toEqual([
          409,
          pvpMessages.shielded(shieldEnds),
        ]);

      // The pilot's battles in the order they were fought: the three raids, the revenge, then every raid that got
      // through; each starts from the rating the one before it left.
      const mine = (
        await t.db
          .select()
          .from(pvpResults)
          .where(or(eq(pvpResults.attackerUserId, me.id), eq(pvpResults.defenderUserId, me.id)))
      ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.battleId.localeCompare(b.battleId));
      expect(mine).toHaveLength(3 + 1 + fought);
      expect(mine.findIndex((row) => row.attackerUserId === me.id)).toBe(3);
      let rating = newPilotRating().rating;
      for (const row of mine) {
        const asAttacker = row.attackerUserId === me.id;
        expect(asAttacker ? row.attackerRatingBefore : row.defenderRatingBefore).toBe(rating);
        rating = asAttacker ? row.attackerRatingAfter : row.defenderRatingAfter;
      }
      const [after] = await t.db.select().from(pilotRatings).where(eq(pilotRatings.userId, me.id));
      expect(after).toMatchObject({ rating, shieldUntil: null, wins: 1 + fought, losses: 3 });
      // 10% lost three times, 10% of the first raider's wallet won back, 10% of 1 000 from each raid held.
      let wallet = 10_000;
      for (let loss = 0; loss < 3; loss++) wallet -= pvpStake(wallet);
      const raiderWallet = 1000 + pvpStake(10_000);
      expect(await coinsOf(me)).toBe(wallet + pvpStake(raiderWallet) + fought * pvpStake(1000));
      await expectLedgerClean(t);
    },
    120_000,
  );

  raceIt(
    "ten attackers in waves for an hour: four held, three lost, then the shield until its end, then the cap",
    async () => {
      const HOUR = 60 * 60 * 1000;
      const { shieldHours, defensesPerDay } = DEFAULT_PVP_PROTECTION;
      const defender = await pilot(t);
      await setCoins(t.db, defender, 10_000);
      await setBot(t.db, defender.bot.id, { strength: 60, agility: 60, defense: 60, intelligence: 60 });
      const attackers = await Promise.all(Array.from({ length: 10 }, () => pilot(t)));
      // Five scrap heaps the defender beats, five champions that beat it.
      const [weak, strong] = [attackers.slice(0, 5), attackers.slice(5)];
      for (const a of weak) await setBot(t.db, a.bot.id, SCRAP_HEAP);
      for (const a of strong) await setBot(t.db, a.bot.id, CHAMPION);
      const wave = (who: readonly Pilot[]) =>
        Promise.all(who.map((a) => challenge(servers[attackers.indexOf(a) % 2]!, a, defender)));
      const messages = (answers: Awaited<ReturnType<typeof wave>>) =>
        answers.filter((x) => x.status !== 200).map((x) => [x.status, x.body.error?.message]);

      // Minute 0: four of the scrap heaps at once, four held defenses.
      expect((await wave(weak.slice(0, 4))).map((x) => x.status)).toEqual([200, 200, 200, 200]);
      // Minute 15: all ten at once. The four who fought are refused; three champions land, the third loss
      // raises the shield, and it refuses the other two.
      await advanceProcessesClock(servers, HOUR / 4);
      const second = await wave([...weak.slice(0, 4), ...strong]);
      expect(second.filter((x) => x.status === 200)).toHaveLength(3);
      const lost = await t.db
        .select()
        .from(pvpResults)
        .where(eq(pvpResults.defenderUserId, defender.id))
        .orderBy(asc(pvpResults.createdAt));
      const thirdLoss = lost.filter((r) => !r.defenderWon)[2]!;
      const shieldEnds = thirdLoss.createdAt.getTime() + shieldHours * HOUR;
      const [afterSecond] = await t.db
        .select()
        .from(pilotRatings)
        .where(eq(pilotRatings.userId, defender.id));
      expect(afterSecond?.shieldUntil?.getTime()).toBe(shieldEnds);
      // The four who fought are refused for that, or for the shield once it is up; the two champions late
      // for the lock, for the shield.
      const [again, champions] = [second.slice(0, 4), second.slice(4)];
      for (const [status, message] of messages(again)) {
        expect(status).toBe(409);
        expect([pvpMessages.attackedRecently, pvpMessages.shielded(shieldEnds)]).toContain(message);
      }
      expect(messages(champions)).toEqual(Array(2).fill([409, pvpMessages.shielded(shieldEnds)]));
      // Minutes 30, 45 and 60: all ten again, the fifth scrap heap too; the shield refuses every one.
      for (let minute = 30; minute <= 60; minute += 15) {
        await advanceProcessesClock(servers, HOUR / 4);
        expect(messages(await wave(attackers))).toEqual(
          Array(10).fill([409, pvpMessages.shielded(shieldEnds)]),
        );
      }
      // The hour moved its rating and coins in exactly seven defenses: each scrap heap paid 10% of its 1 000,
      // each champion took 10% of what the wallet held then.
      let wallet = 10_000 + 4 * pvpStake(1000);
      for (let loss = 0; loss < 3; loss++) wallet -= pvpStake(wallet);
      expect(await coinsOf(defender)).toBe(wallet);
      expect(await expectRatingChain(defender, 7)).toMatchObject({ wins: 4, losses: 3 });

      // A minute before the shield's end it still holds; a minute after, the fifth scrap heap gets the day's
      // eighth defense, and the cap refuses the next champion.
      // A millisecond's move answers the time the processes are at.
      const { now } = await advanceProcessesClock(servers, 1);
      await advanceProcessesClock(servers, shieldEnds - HOUR / 60 - now.getTime());
      expect(messages(await wave([weak[4]!]))).toEqual([[409, pvpMessages.shielded(shieldEnds)]]);
      await advanceProcessesClock(servers, (2 * HOUR) / 60);
      expect((await wave([weak[4]!])).map((x) => x.status)).toEqual([200]);
      const refusedInWave2 = strong.filter((a) => !lost.some((r) => r.attackerUserId === a.id));
      expect(messages(await wave(refusedInWave2.slice(0, 1)))).toEqual([
        [409, pvpMessages.capped(defensesPerDay)],
      ]);
      expect(await coinsOf(defender)).toBe(wallet + pvpStake(1000));
      expect(await expectRatingChain(defender, defensesPerDay)).toMatchObject({ wins: 5, losses: 3 });
      await expectLedgerClean(t);
    },
    120_000,
  );
});
