// Who pays a war's prizes: the admin's rewards (defaults 2000/1000/500), created by the house into the winners'
// banks. The admin changes them for the next war only (GET/PUT /api/admin/guild-war-rewards, logged); a war
// already open keeps its own; and a war opened before the change, with the eight 500-coin stakes in its pool,
// still finishes under that rule: prizes from its pool, the rest to the house.

import { randomUUID } from "node:crypto";
import type { GuildWarList, GuildWarRewardsResponse } from "@bot-arena/contract";
import { Coins } from "@bot-arena/game";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { eventKey, noteCreated } from "../../platform/db/locks";
import { coinLedger, guilds, guildWarParticipants, guildWars } from "../../platform/db/schema";
import { auditEconomy } from "../../platform/economy-audit";
import { moveCoins, newTransferId } from "../../platform/ledger";
import { listAdminOperations } from "../../platform/ops-log";
import { expectAdminOnly } from "../admin/access";
import { expectLedgerClean } from "../bots/testing";
import { grantBanks, guildWithCrew } from "../guilds/testing";

const REGISTRATION_S = 60;
const BATTLE_S = 70;
const adminEmail = "war_boss@arena.test";
const clock = testClock();
let t: TestApp;
let admin: Player;
let player: Player;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: {
      adminEmails: [adminEmail],
      reconcilerIntervalMs: 0,
      guildWar: { registrationSeconds: REGISTRATION_S, battleSeconds: BATTLE_S },
    },
  });
  admin = await signUp(t.app, { email: adminEmail });
  player = await signUp(t.app);
});
afterAll(() => t.close());

const URL = "/api/admin/guild-war-rewards";
const put = (as: Player, body: unknown) => as.request({ method: "PUT", url: URL, payload: body as object });
const current = async () => (await admin.get(URL)).json<GuildWarRewardsResponse>();
const wars = async () => (await player.get("/api/guild-wars")).json<GuildWarList>();
const rewardLog = () => listAdminOperations(t.db, { action: "guild_war_rewards" });
const defaults = {
  message: "The next guild war pays 2,000 / 1,000 / 500 coins",
  rewards: { first: 2000, second: 1000, third: 500 },
};

/** Eight guilds reach 500 in one test transaction; the runner's next pass opens their war. */
async function eightGuilds(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push((await guildWithCrew(t, 1 + (i % 3), 499)).guild.id);
  await grantBanks(t.db, ids, 1);
  return ids;
}

/** The war these guilds fight, as /guild-wars shows it. */
async function warOf(guildIds: readonly string[]) {
  const { active, history } = await wars();
  return [...active, ...history].find((w) => w.participants.some((p) => p.guildId === guildIds[0]))!;
}

/** Registration's end, then the seven rounds' ends: every war opened at this clock time completes. */
async function playToTheEnd(): Promise<void> {
  clock.advance(REGISTRATION_S * 1000);
  await t.app.reconciler.runOnce();
  for (let round = 0; round < 7; round++) {
    clock.advance((BATTLE_S / 7) * 1000);
    await t.app.reconciler.runOnce();
  }
}

const banksOf = async (ids: readonly string[]) =>
  new Map(
    (
      await t.db
        .select()
        .from(guilds)
        .where(inArray(guilds.id, [...ids]))
    ).map((g) => [g.id, g.bankBalance]),
  );

const ledgerOf = (warId: string, reason: string) =>
  t.db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.refId, warId), eq(coinLedger.reason, reason)));

describe("the admin's rewards", () => {
  it.each([
    ["GET", URL, undefined],
    ["PUT", URL, { first: 1, second: 1, third: 1 }],
  ])("%s %s: 401 without a session, 403 for a player", async (method, url, payload) => {
    await expectAdminOnly(t.app, player, [method, url, payload]);
  });

  it("answers the defaults until an admin chooses, and a player's refused PUT changed nothing", async () => {
    expect(await current()).toEqual(defaults);
    expect(await rewardLog()).toEqual([]);
  });

  it("refuses a body that is not three whole coin amounts with the contract's message, and changes nothing", async () => {
    const whole = "Rewards must be whole numbers of coins, 0 or more";
    const refusals: [unknown, string][] = [
      [{ first: -1, second: 1000, third: 500 }, whole],
      [{ first: 2000, second: 10.5, third: 500 }, whole],
      [{ first: 2000, second: 1000, third: "500" }, whole],
      [{ first: 2000, second: 1000 }, whole],
    ];
    for (const [body, message] of refusals) {
      expect(errorOf(await put(admin, body))).toMatchObject({ status: 400, message });
    }
    expect(await current()).toEqual(defaults);
    expect(await rewardLog()).toEqual([]);
  });

  it("refuses 2^53-1, the coin maximum plus one, -1 and 1.5 in each place with 400 naming the field, never 500", async () => {
    const whole = "Rewards must be whole numbers of coins, 0 or more";
    const tooMany = "A reward may be at most 1,000,000,000,000 coins";
    const cases: [number, string][] = [
      [2 ** 53 - 1, tooMany],
      [10 ** 12 + 1, tooMany],
      [-1, whole],
      [1.5, whole],
    ];
    for (const place of ["first", "second", "third"] as const) {
      for (const [value, message] of cases) {
        const body = { first: 2000, second: 1000, third: 500, [place]: value };
        const refused = errorOf(await put(admin, body));
        expect(refused, `${place} ${value}`).toEqual({
          status: 400,
          code: "VALIDATION_FAILED",
          message,
          fields: { [place]: message },
        });
      }
    }
    expect(await current()).toEqual(defaults);
    expect(await rewardLog()).toEqual([]);
  });
});

describe("wars under the admin's rewards", () => {
  let firstGuilds: string[];
  let firstWar: string;
  let secondGuilds: string[];
  let secondWar: string;

  it("a war opens with the defaults and costs no guild anything", async () => {
    firstGuilds = await eightGuilds();
    expect(await t.app.reconciler.runOnce()).toBe(1);
    const war = await warOf(firstGuilds);
    firstWar = war.id;
    expect(war).toMatchObject({
      funding: "house",
      rewards: { first: 2000, second: 1000, third: 500 },
      prizePool: 3500,
    });
    expect([...(await banksOf(firstGuilds)).values()]).toEqual(Array(8).fill(500));
  });

  it("the admin's new rewards are stored and logged; the war already open keeps its own", async () => {
    const response = await put(admin, { first: 3000, second: 1500, third: 750 });
    expect(response.statusCode).toBe(200);
    const changed = {
      message: "The next guild war pays 3,000 / 1,500 / 750 coins",
      rewards: { first: 3000, second: 1500, third: 750 },
    };
    expect(response.json()).toEqual(changed);
    expect(await current()).toEqual(changed);
    const [logged] = await rewardLog();
    expect(logged).toMatchObject({
      adminId: admin.id,
      targetType: "setting",
      targetId: "guild_war_rewards",
      result: "success",
      detail: { first: 3000, second: 1500, third: 750, previous: defaults.rewards },
    });
    expect(await warOf(firstGuilds)).toMatchObject({
      rewards: { first: 2000, second: 1000, third: 500 },
      prizePool: 3500,
    });
  });

  it("the next war opens with the new rewards", async () => {
    secondGuilds = await eightGuilds();
    expect(await t.app.reconciler.runOnce()).toBe(1);
    const war = await warOf(secondGuilds);
    secondWar = war.id;
    expect(war).toMatchObject({
      funding: "house",
      rewards: { first: 3000, second: 1500, third: 750 },
      prizePool: 5250,
    });
  });

  it("each war pays its own rewards into the winners' banks, created by the house", async () => {
    await playToTheEnd();
    for (const [warId, guildIds, prizes] of [
      [firstWar, firstGuilds, [2000, 1000, 500]],
      [secondWar, secondGuilds, [3000, 1500, 750]],
    ] as const) {
      const [war] = await t.db.select().from(guildWars).where(eq(guildWars.id, warId));
      expect(war).toMatchObject({ status: "completed", poolBalance: 0 });
      const paid = await ledgerOf(warId, "house_reward_war");
      expect(paid.map((r) => r.delta).sort((a, b) => b - a)).toEqual([...prizes]);
      expect(paid.every((r) => r.account === "guild_bank" && r.refType === "guild_war")).toBe(true);
      const placed = await t.db
        .select()
        .from(guildWarParticipants)
        .where(eq(guildWarParticipants.warId, warId));
      const banks = await banksOf(guildIds);
      for (const p of placed) {
        expect(p.prizeAmount).toBe(p.placement! <= 3 ? prizes[p.placement! - 1] : 0);
        // Each bank holds its 500 and its prize: nothing was taken to enter.
        expect(banks.get(p.guildId)).toBe(500 + p.prizeAmount);
      }
      for (const reason of ["war_stake", "war_prize", "house_cut_war"]) {
        expect(await ledgerOf(warId, reason)).toEqual([]);
      }
    }
  });
});

describe("a war opened before the change, with stakes", () => {
  let warId: string;
  let ids: string[];

  /** The old muster, as it ran before issue 26: each guild's 500 from its bank into the war's pool. */
  async function openStakesWar(guildIds: readonly string[]): Promise<string> {
    const id = randomUUID();
    const registrationEndsAt = new Date(clock.now().getTime() + REGISTRATION_S * 1000);
    await t.db.transaction(async (tx) => {
      await tx.insert(guildWars).values({
        id,
        name: "Guild War (stakes)",
        status: "registration",
        funding: "stakes",
        registrationEndsAt,
        nextDueAt: registrationEndsAt,
        firstPlaceReward: 2000,
        secondPlaceReward: 1000,
        thirdPlaceReward: 500,
        createdAt: clock.now(),
      });
      noteCreated(tx, "event", eventKey("guild_wars", id));
      const sorted = [...guildIds].sort();
      for (const guildId of sorted) {
        await moveCoins(tx, { account: "guild_bank", guildId, credit: Coins(1), reason: "test_grant" });
      }
      await tx.update(guilds).set({ currentWarId: id }).where(inArray(guilds.id, sorted));
      for (const guildId of sorted) {
        const stake = { refType: "guild_war", refId: id, transferId: newTransferId() };
        await moveCoins(tx, {
          account: "guild_bank",
          guildId,
          debit: Coins(500),
          reason: "war_stake",
          ...stake,
        });
        await moveCoins(tx, {
          account: "war_pool",
          warId: id,
          credit: Coins(500),
          reason: "war_stake",
          refType: "guild",
          refId: guildId,
          transferId: stake.transferId,
        });
      }
      const [{ totalPower } = { totalPower: 0 }] = await tx
        .select({ totalPower: guilds.totalPower })
        .from(guilds)
        .where(eq(guilds.id, sorted[0]!));
      await tx
        .insert(guildWarParticipants)
        .values(sorted.map((guildId) => ({ warId: id, guildId, totalPower, createdAt: clock.now() })));
    });
    return id;
  }

  it("shows its funding as stakes and its pool of 4000", async () => {
    ids = [];
    for (let i = 0; i < 8; i++) ids.push((await guildWithCrew(t, 2, 499)).guild.id);
    warId = await openStakesWar(ids);
    const war = (await wars()).active.find((w) => w.id === warId)!;
    expect(war).toMatchObject({ funding: "stakes", rewards: { first: 2000, second: 1000, third: 500 } });
    const [row] = await t.db.select().from(guildWars).where(eq(guildWars.id, warId));
    expect(row?.poolBalance).toBe(4000);
    expect([...(await banksOf(ids)).values()]).toEqual(Array(8).fill(0));
  });

  it("finishes under its own rule: 2000/1000/500 from its pool, 500 to the house, nothing created", async () => {
    await playToTheEnd();
    const [war] = await t.db.select().from(guildWars).where(eq(guildWars.id, warId));
    expect(war).toMatchObject({ status: "completed", poolBalance: 0 });
    const prizes = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.reason, "war_prize"), inArray(coinLedger.guildId, ids)));
    expect(prizes.map((r) => r.delta).sort((a, b) => b - a)).toEqual([2000, 1000, 500]);
    const fromPool = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.reason, "war_prize"), eq(coinLedger.warId, warId)));
    expect(fromPool.map((r) => r.delta).sort((a, b) => a - b)).toEqual([-2000, -1000, -500]);
    expect((await ledgerOf(warId, "house_cut_war")).map((r) => r.delta)).toEqual([-500]);
    expect(await ledgerOf(warId, "house_reward_war")).toEqual([]);
    expect([...(await banksOf(ids)).values()].sort((a, b) => b - a)).toEqual([
      2000, 1000, 500, 0, 0, 0, 0, 0,
    ]);
  });

  it("leaves the books clean: ledger:verify and the economy audit", async () => {
    await expectLedgerClean(t);
    const problems = (await auditEconomy(t.db)).problems.filter((p) => !p.includes("reason test_grant"));
    expect(problems).toEqual([]);
  });
});
