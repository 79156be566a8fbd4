// Races on guild money and seats, with two app instances on one database (two connection pools on
// PostgreSQL, so the requests really overlap): donations never overdraw, seats never pass 20, a donation racing
// its donor's departure lands whole or not at all, two guilds becoming eligible together open exactly one war
// (which takes nothing from any bank), and two reconcilers racing through a war pay every prize exactly once.

import type { GuildWarList } from "@bot-arena/contract";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestDatabase,
  errorOf,
  type Player,
  signUp,
  type TestApp,
  type TestDatabase,
  testClock,
} from "../../../test/helpers";
import { rowsOf } from "../../platform/db/database";
import { coinLedger, guildContributions, guildMembers, guilds, guildWars } from "../../platform/db/schema";
import { auditEconomy } from "../../platform/economy-audit";
import { coinsOf } from "../bots/testing";
import { donate, foundGuild, grantBanks, guildPage, guildWithCrew, joinGuild } from "../guilds/testing";
import { musterWars } from "./muster";

const clock = testClock();
const timings = { registrationSeconds: 30, battleSeconds: 70 };
let database: TestDatabase;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = { reconcilerIntervalMs: 0, guildWar: timings };
  a = await createTestApp({ database: database.database, clock, config });
  b = await createTestApp({ database: database.database, clock, config });
}, 60_000);
afterAll(async () => {
  await a.close();
  await b.close();
  await database.drop();
});

/** The same player's session, sending through app `b` (the other server). */
const onB = (player: Player): Player => ({
  ...player,
  post: (url, body) =>
    b.app.inject({
      method: "POST",
      url,
      headers: { cookie: player.cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    }),
});
const either = (player: Player, i: number) => (i % 2 === 0 ? player : onB(player));

async function problems(): Promise<string[]> {
  return (await auditEconomy(a.db)).problems;
}

describe("donations", () => {
  it("parallel donations never overdraw the wallet: 8 x 300 from 1000 lands at most 3", async () => {
    const { guild, leader } = await guildWithCrew(a, 1);
    // 900 after the founding fee: three donations fit.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        either(leader, i).post(`/api/guilds/${guild.id}/contribute`, { amount: 300 }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(errorOf(r)).toMatchObject({ status: 409, message: "Not enough coins!" });
    }
    expect(await coinsOf(leader)).toBe(0);
    const page = await guildPage(leader, guild.id);
    expect(page.guild.bankBalance).toBe(900);
    expect(page.members[0]?.contributionTotal).toBe(900);
    const [rows] = await a.db
      .select({ n: count() })
      .from(guildContributions)
      .where(eq(guildContributions.guildId, guild.id));
    expect(rows?.n).toBe(3);
  });
});

describe("seats", () => {
  async function guildOf(members: number) {
    const leader = await signUp(a.app);
    const guild = await foundGuild(leader);
    for (let i = 1; i < members; i++) await joinGuild(await signUp(a.app), guild.id);
    return guild;
  }

  it("20 players joining a guild with 3 seats left: 3 get in, 17 hear 'Guild is full'", async () => {
    const guild = await guildOf(17);
    const joiners = await Promise.all(Array.from({ length: 20 }, () => signUp(a.app)));
    const results = await Promise.all(
      joiners.map((p, i) => either(p, i).post(`/api/guilds/${guild.id}/join`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(errorOf(r)).toMatchObject({ status: 409, message: "Guild is full" });
    }
    const [row] = await a.db.select().from(guilds).where(eq(guilds.id, guild.id));
    const [members] = await a.db
      .select({ n: count() })
      .from(guildMembers)
      .where(eq(guildMembers.guildId, guild.id));
    expect([row?.memberCount, members?.n]).toEqual([20, 20]);
  });

  it("21 joins at 19 members leave exactly 20", async () => {
    const guild = await guildOf(19);
    const joiners = await Promise.all(Array.from({ length: 21 }, () => signUp(a.app)));
    const results = await Promise.all(
      joiners.map((p, i) => either(p, i).post(`/api/guilds/${guild.id}/join`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [members] = await a.db
      .select({ n: count() })
      .from(guildMembers)
      .where(eq(guildMembers.guildId, guild.id));
    expect(members?.n).toBe(20);
  });

  it("one player joining two guilds at once ends up in exactly one", async () => {
    const [g1, g2] = [await guildOf(1), await guildOf(1)];
    const player = await signUp(a.app);
    const results = await Promise.all([
      player.post(`/api/guilds/${g1.id}/join`),
      onB(player).post(`/api/guilds/${g2.id}/join`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [members] = await a.db
      .select({ n: count() })
      .from(guildMembers)
      .where(eq(guildMembers.userId, player.id));
    expect(members?.n).toBe(1);
  });
});

describe("joining while the last member leaves", () => {
  it("either the joiner inherits the guild or finds it gone, never a member of a disbanded guild", async () => {
    for (let round = 0; round < 4; round++) {
      const { guild, leader } = await guildWithCrew(a, 1, 50);
      const joiner = await signUp(a.app);
      const [join, leave] = await Promise.all([
        onB(joiner).post(`/api/guilds/${guild.id}/join`),
        leader.post(`/api/guilds/${guild.id}/leave`),
      ]);
      expect(leave.statusCode).toBe(200);
      const [row] = await a.db.select().from(guilds).where(eq(guilds.id, guild.id));
      const [members] = await a.db
        .select({ n: count() })
        .from(guildMembers)
        .where(eq(guildMembers.guildId, guild.id));
      if (join.statusCode === 200) {
        expect(row?.disbandedAt).toBeNull();
        expect([row?.memberCount, members?.n, row?.ownerId]).toEqual([1, 1, joiner.id]);
      } else {
        expect(errorOf(join)).toMatchObject({ status: 404, message: "Guild not found" });
        expect(row?.disbandedAt).not.toBeNull();
        expect(members?.n).toBe(0);
      }
    }
  });
});

describe("leaving while donating", () => {
  it("a donation racing its donor's departure lands whole or not at all", async () => {
    for (let round = 0; round < 6; round++) {
      const { guild, crew } = await guildWithCrew(a, 2);
      const member = crew[1]!;
      const [donation, leave] = await Promise.all([
        member.post(`/api/guilds/${guild.id}/contribute`, { amount: 100 }),
        onB(member).post(`/api/guilds/${guild.id}/leave`),
      ]);
      expect(leave.statusCode).toBe(200);
      const page = await guildPage(crew[0]!, guild.id);
      const landed = donation.statusCode === 200;
      if (!landed) expect(errorOf(donation).message).toBe("You are not a member of this guild");
      expect(page.guild.bankBalance).toBe(landed ? 100 : 0);
      expect(await coinsOf(member)).toBe(landed ? 900 : 1000);
      expect(page.guild.memberCount).toBe(1);
    }
  });

  it("the last member's departure racing a donation: the bank, with or without it, goes to the house", async () => {
    for (let round = 0; round < 4; round++) {
      const { guild, leader } = await guildWithCrew(a, 1, 200);
      const [donation] = await Promise.all([
        leader.post(`/api/guilds/${guild.id}/contribute`, { amount: 100 }),
        onB(leader).post(`/api/guilds/${guild.id}/leave`),
      ]);
      const landed = donation.statusCode === 200;
      const cut = await a.db
        .select({ delta: coinLedger.delta })
        .from(coinLedger)
        .where(sql`${coinLedger.guildId} = ${guild.id} and ${coinLedger.reason} like 'house_cut%'`);
      expect(cut.map((r) => r.delta)).toEqual([landed ? -300 : -200]);
      expect(await coinsOf(leader)).toBe(landed ? 600 : 700);
    }
  });
});

describe("wars", () => {
  let warId: string;

  it("two guilds becoming eligible at once with 7 already eligible open exactly one war, taking no stake", async () => {
    // Guilds of the tests above that kept 500 or more count toward the 7.
    const [already] = await a.db.select({ n: count() }).from(guilds).where(eq(guilds.isEligibleForWar, true));
    const seven: Awaited<ReturnType<typeof guildWithCrew>>[] = [];
    // Banks of 1000: only the claim stops a guild being drafted into two wars.
    for (let i = already?.n ?? 0; i < 7; i++) {
      const crew = await guildWithCrew(a, 2 + (i % 3), 500);
      await donate(crew.crew[1]!, crew.guild.id, 500);
      seven.push(crew);
    }
    const eighth = await guildWithCrew(a, 1, 499);
    const ninth = await guildWithCrew(a, 1, 499);
    // The eighth and ninth become eligible together, each asking for a muster; both processes' runners race to
    // answer them.
    const donors = [eighth, ninth, ...seven].map((c, i) =>
      either(c.leader, i).post(`/api/guilds/${c.guild.id}/contribute`, { amount: 1 }),
    );
    const results = await Promise.all(donors);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    await Promise.all([a.app.reconciler.runOnce(), b.app.reconciler.runOnce(), a.app.reconciler.runOnce()]);
    const all = await a.db.select().from(guildWars);
    expect(all).toHaveLength(1);
    warId = all[0]!.id;
    const stakes = await a.db.select().from(coinLedger).where(eq(coinLedger.reason, "war_stake"));
    expect(stakes).toHaveLength(0);
    expect(all[0]).toMatchObject({ funding: "house", poolBalance: 0 });
    const atWar = await a.db.select().from(guilds).where(eq(guilds.currentWarId, warId));
    expect(atWar).toHaveLength(8);
    // Every bank drafted keeps what it held.
    expect(atWar.every((g) => g.bankBalance >= 500)).toBe(true);
    const left = await a.db.select().from(guilds).where(eq(guilds.isEligibleForWar, true));
    expect(left).toHaveLength(1);
    expect(left[0]?.bankBalance).toBeGreaterThanOrEqual(500);
  });

  it("two reconcilers racing through the whole war advance each step once and pay each prize once", async () => {
    clock.advance(timings.registrationSeconds * 1000);
    await Promise.all([a.app.reconciler.runOnce(), b.app.reconciler.runOnce()]);
    for (let round = 0; round < 7; round++) {
      clock.advance((timings.battleSeconds / 7) * 1000);
      await Promise.all([a.app.reconciler.runOnce(), b.app.reconciler.runOnce()]);
    }
    const [war] = await a.db.select().from(guildWars).where(eq(guildWars.id, warId));
    expect(war).toMatchObject({ status: "completed", poolBalance: 0, nextDueAt: null });
    // Three prizes created by the house, one row each: no pool paid them, no house cut.
    const prizes = await a.db.select().from(coinLedger).where(eq(coinLedger.reason, "house_reward_war"));
    expect(prizes.map((r) => [r.refId, r.delta]).sort()).toEqual([
      [warId, 1000],
      [warId, 2000],
      [warId, 500],
    ]);
    for (const reason of ["war_prize", "house_cut_war"]) {
      expect(await a.db.select().from(coinLedger).where(eq(coinLedger.reason, reason))).toEqual([]);
    }
    const battles = rowsOf<{ n: number }>(
      await a.db.execute(sql`select count(*)::int as n from battles where kind = 'guild_war'`),
    );
    const fought = rowsOf<{ n: number }>(
      await a.db.execute(sql`select count(*)::int as n from guild_war_duels where battle_id is not null`),
    );
    expect(battles[0]?.n).toBe(fought[0]?.n);
    const list = (await (await signUp(a.app)).get("/api/guild-wars")).json<GuildWarList>();
    expect(list.history.map((w) => w.id)).toContain(warId);
  });

  it("a muster holding its transaction open cannot be doubled by another process's muster", async () => {
    // Eight guilds reach 1000 in the bank in one test transaction, so no donation musters, and only the claim
    // stops a guild being drafted into two wars.
    const eight: Awaited<ReturnType<typeof guildWithCrew>>[] = [];
    for (let i = 0; i < 8; i++) {
      eight.push(await guildWithCrew(a, 2, 499));
    }
    await grantBanks(
      a.db,
      eight.map((c) => c.guild.id),
      501,
    );
    const before = (await a.db.select({ n: count() }).from(guildWars))[0]?.n ?? 0;
    let mustered = () => {};
    const slowHasMustered = new Promise<void>((resolve) => (mustered = resolve));
    const slow = a.db.transaction(async (tx) => {
      const opened = await musterWars(tx, clock.now(), timings);
      mustered();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return opened;
    });
    // The second muster starts only once the first has claimed, and while its transaction is still open: a
    // fixed head start could, on a busy machine, let the second one go first.
    await slowHasMustered;
    const fast = b.db.transaction((tx) => musterWars(tx, clock.now(), timings));
    const [first, second] = await Promise.all([slow, fast.catch((error: unknown) => error)]);
    expect(first).toHaveLength(1);
    expect(second).toEqual([]);
    expect((await a.db.select({ n: count() }).from(guildWars))[0]?.n).toBe(before + 1);
    const [opened] = await a.db
      .select()
      .from(guildWars)
      .where(eq(guildWars.id, (first as string[])[0]!));
    expect(opened).toMatchObject({ funding: "house", poolBalance: 0 });
    expect(await a.db.select().from(coinLedger).where(eq(coinLedger.refId, opened!.id))).toEqual([]);
    // Each guild is in one war: the 8 claimed by this muster, none twice.
    const drafted = await a.db.select().from(guilds).where(eq(guilds.currentWarId, opened!.id));
    expect(drafted).toHaveLength(8);
  });

  it("a guild choosing to sit out while two runners muster is drafted (and sits out the next) or not, never short", async () => {
    for (let round = 0; round < 3; round++) {
      const eligible = await a.db.select().from(guilds).where(eq(guilds.isEligibleForWar, true));
      const others: Awaited<ReturnType<typeof guildWithCrew>>[] = [];
      for (let i = eligible.length; i < 7; i++) others.push(await guildWithCrew(a, 1, 499));
      const chooser = await guildWithCrew(a, 1, 499);
      // The eighth and the newcomers reach 500 together, each asking for a muster.
      await grantBanks(a.db, [chooser.guild.id, ...others.map((c) => c.guild.id)], 1);
      const warsBefore = (await a.db.select({ n: count() }).from(guildWars))[0]?.n ?? 0;
      const [choice] = await Promise.all([
        onB(chooser.leader).post(`/api/guilds/${chooser.guild.id}/sit-out`, { sitOut: true }),
        a.app.reconciler.runOnce(),
        b.app.reconciler.runOnce(),
      ]);
      expect(choice.statusCode).toBe(200);
      await Promise.all([a.app.reconciler.runOnce(), b.app.reconciler.runOnce()]);
      const [row] = await a.db.select().from(guilds).where(eq(guilds.id, chooser.guild.id));
      expect(row).toMatchObject({ sitsOutNextWar: true, isEligibleForWar: false, bankBalance: 500 });
      const warsAfter = (await a.db.select({ n: count() }).from(guildWars))[0]?.n ?? 0;
      if (row!.currentWarId) {
        // Drafted first: it fights this war with seven others.
        expect(warsAfter).toBe(warsBefore + 1);
        const drafted = await a.db.select().from(guilds).where(eq(guilds.currentWarId, row!.currentWarId));
        expect(drafted).toHaveLength(8);
      } else {
        // It chose first: seven are left waiting and no war opened short of eight.
        expect(warsAfter).toBe(warsBefore);
        const waiting = await a.db.select().from(guilds).where(eq(guilds.isEligibleForWar, true));
        expect(waiting).toHaveLength(7);
      }
    }
  });

  it("leaves the books clean: ledger:verify and the economy audit", async () => {
    expect((await problems()).filter((p) => !p.includes("reason test_grant"))).toEqual([]);
  });
});
