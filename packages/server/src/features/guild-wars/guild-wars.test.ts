// A whole guild war through the API and the reconciler on a test clock: it opens by itself when the 8th guild
// becomes eligible, takes nothing from any bank, plays the round robin across the battle window, places the
// guilds by duel wins and power, pays the three rewards into the winners' banks as the house's coins, enlists the
// freed guilds again when they do not rest (except one that chose to sit out), and leaves the books clean.

import type { BattleReplay, GuildLeaderboard, GuildWarDetail, GuildWarList } from "@bot-arena/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { coinLedger, guilds, guildWars } from "../../platform/db/schema";
import { auditEconomy } from "../../platform/economy-audit";
import { expectLedgerClean } from "../bots/testing";
import { donate, grantBanks, guildPage, guildWithCrew } from "../guilds/testing";
import { warTestApp } from "./testing";

const REGISTRATION_S = 60;
const BATTLE_S = 70;
const clock = testClock();
let t: TestApp;
let viewer: Player;
beforeAll(async () => {
  // No rest after a war here: the freed guilds are enlisted again at once (rest.test.ts has the rest).
  t = await warTestApp(clock, { registrationSeconds: REGISTRATION_S, battleSeconds: BATTLE_S, restHours: 0 });
  viewer = await signUp(t.app);
});
afterAll(() => t.close());

const wars = async () => (await viewer.get("/api/guild-wars")).json<GuildWarList>();
const war = async (id: string) => (await viewer.get(`/api/guild-wars/${id}`)).json<GuildWarDetail>();
const advance = async (seconds: number) => {
  clock.advance(seconds * 1000);
  return t.app.reconciler.runOnce();
};

type Crew = Awaited<ReturnType<typeof guildWithCrew>>;
const crews: Crew[] = [];

describe("before a war", () => {
  it("shows no active war and no history, with the server's time for the countdowns", async () => {
    expect(await wars()).toEqual({
      active: [],
      history: [],
      myGuildId: null,
      myGuild: null,
      muster: { readyGuilds: 0, restingGuilds: 0, guildsPerWar: 8, restHours: 0 },
      serverTime: clock.now().toISOString(),
    });
  });

  it("answers 404 'Guild war not found' for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(errorOf(await viewer.get(`/api/guild-wars/${id}`))).toMatchObject({
        status: 404,
        message: "Guild war not found",
      });
    }
  });

  it("seven eligible guilds are not enough", async () => {
    // Crews of 1 to 7 members, so some guilds field fewer than 5 bots and forfeit duels.
    for (let i = 0; i < 7; i++) crews.push(await guildWithCrew(t, 1 + (i % 7), 500));
    // Each guild that became eligible asked for a muster; one step of the runner answers all seven, opening nothing.
    expect(await t.app.reconciler.runOnce()).toBe(1);
    expect((await wars()).active).toEqual([]);
  });
});

describe("a war", () => {
  let warId: string;
  let ninthId: string;

  it("opens when the 8th guild reaches 500, taking the 8 strongest and nothing from any bank", async () => {
    const eighth = await guildWithCrew(t, 2, 499);
    crews.push(eighth);
    // A ninth guild with no power reaches 500 at the same moment as the eighth: eligible, but not among the
    // 8 strongest. (One transaction stands in for two donations landing together.)
    const ninth = await guildWithCrew(t, 1, 499);
    ninthId = ninth.guild.id;
    await t.db.update(guilds).set({ totalPower: 0 }).where(eq(guilds.id, ninth.guild.id));
    await grantBanks(t.db, [eighth.guild.id, ninth.guild.id], 1);
    // One guild flies a banner (a perk): the war's standings show it beside the tag.
    await t.db
      .update(guilds)
      .set({ bannerColor: "Magenta", bannerEmblem: "crown" })
      .where(eq(guilds.id, crews[0]!.guild.id));
    expect((await wars()).active).toEqual([]);
    await donate(eighth.leader, eighth.guild.id, 1);
    // The guilds that became eligible asked for a muster in their own transaction; the runner's next pass opens it.
    expect(await t.app.reconciler.runOnce()).toBe(1);

    const { active } = await wars();
    expect(active).toHaveLength(1);
    const opened = active[0]!;
    warId = opened.id;
    expect(opened).toMatchObject({
      name: "Guild War #1",
      status: "registration",
      currentRound: 0,
      rounds: 7,
      rewards: { first: 2000, second: 1000, third: 500 },
      prizePool: 3500,
      funding: "house",
    });
    expect(Date.parse(opened.registrationEndsAt!) - clock.now().getTime()).toBe(REGISTRATION_S * 1000);
    expect(opened.participants.map((p) => p.guildId).sort()).toEqual(crews.map((c) => c.guild.id).sort());
    expect(opened.participants.filter((p) => p.banner !== null)).toEqual([
      expect.objectContaining({
        guildId: crews[0]!.guild.id,
        banner: { color: "Magenta", hex: "#ff2bd6", emblem: "crown" },
      }),
    ]);
    const powers = opened.participants.map((p) => p.totalPower);
    expect(powers).toEqual([...powers].sort((a, b) => b - a));

    for (const crew of crews) {
      const page = await guildPage(crew.leader, crew.guild.id);
      // Every bank keeps what it holds (the eighth had 501); only the war claims the guild.
      const bank = crew === eighth ? 501 : 500;
      expect(page.guild).toMatchObject({ bankBalance: bank, isEligibleForWar: false, currentWarId: warId });
      expect(page.bankHistory.some((entry) => entry.kind === "war_stake" || entry.warId !== null)).toBe(
        false,
      );
    }
    const ninthPage = await guildPage(ninth.leader, ninth.guild.id);
    expect(ninthPage.guild).toMatchObject({ bankBalance: 500, isEligibleForWar: true, currentWarId: null });
    // The war holds no coins: no stake row anywhere, its pool at 0.
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.warId, warId))).toEqual([]);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.reason, "war_stake"))).toEqual([]);
    const [row] = await t.db.select().from(guildWars).where(eq(guildWars.id, warId));
    expect(row).toMatchObject({ funding: "house", poolBalance: 0 });
  });

  it("a guild at war cannot be picked again, even with 500 more in its bank", async () => {
    const crew = crews[6]!;
    await donate(crew.crew[1]!, crew.guild.id, 500);
    expect(await t.app.reconciler.runOnce()).toBe(0);
    expect((await guildPage(viewer, crew.guild.id)).guild).toMatchObject({
      bankBalance: 1000,
      isEligibleForWar: false,
    });
    expect((await wars()).active).toHaveLength(1);
  });

  it("nothing moves before registration ends", async () => {
    expect(await advance(REGISTRATION_S - 1)).toBe(0);
    expect((await war(warId)).status).toBe("registration");
  });

  it("the battle starts: top-5 snapshots, 28 pairings of 5 duels, round 1 fought and live", async () => {
    expect(await advance(1)).toBe(1);
    const detail = await war(warId);
    expect(detail).toMatchObject({ status: "battle", currentRound: 1 });
    expect(Date.parse(detail.battleEndsAt!) - clock.now().getTime()).toBe(BATTLE_S * 1000);
    expect(detail.duels).toHaveLength(140);
    const pairs = new Set(detail.duels.map((d) => [d.homeGuildId, d.awayGuildId].sort().join()));
    expect(pairs.size).toBe(28);
    const first = detail.duels.filter((d) => d.round === 1);
    expect(first.every((d) => d.status === "in_progress")).toBe(true);
    // A fought duel's winner waits for the round's end; a forfeit is decided by the draw itself.
    expect(first.filter((d) => d.outcome === "live").every((d) => d.winnerGuildId === null)).toBe(true);
    expect(first.filter((d) => d.outcome === "forfeit").every((d) => d.winnerGuildId !== null)).toBe(true);
    expect(first.filter((d) => d.outcome === "void").every((d) => d.winnerGuildId === null)).toBe(true);
    expect(detail.duels.filter((d) => d.round > 1).every((d) => d.status === "pending" && !d.battleId)).toBe(
      true,
    );
    const fought = first.filter((d) => d.outcome === "live" && d.battleId);
    expect(fought.length).toBeGreaterThan(0);
    const replay = (await viewer.get(`/api/battles/${fought[0]!.battleId}`)).json<BattleReplay>();
    expect(replay).toMatchObject({ kind: "guild_war", verified: true });
    // The one-member guild fields one bot: its slots 2..5 are empty in every pairing.
    const solo = crews[0]!.guild.id;
    const soloDuels = detail.duels.filter((d) => d.homeGuildId === solo || d.awayGuildId === solo);
    const soloBots = soloDuels.map((d) => (d.homeGuildId === solo ? d.homeBot : d.awayBot));
    expect(soloBots.filter((b) => b !== null)).toHaveLength(7);
  });

  it("each round's duels are revealed when it ends, and standings count duel wins", async () => {
    expect(await advance(BATTLE_S / 7)).toBe(1);
    const detail = await war(warId);
    expect(detail.currentRound).toBe(2);
    const round1 = detail.duels.filter((d) => d.round === 1);
    expect(round1.every((d) => d.status === "completed")).toBe(true);
    const wins = round1.filter((d) => d.winnerGuildId).length;
    expect(detail.participants.reduce((sum, p) => sum + p.duelWins, 0)).toBe(wins);
    const order = detail.participants.map((p) => [p.duelWins, p.totalPower]);
    expect(order).toEqual([...order].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]!));
  });

  it("a guild at war may choose to sit out the next war: it keeps fighting this one", async () => {
    const resting = crews[3]!;
    const response = await resting.leader.post(`/api/guilds/${resting.guild.id}/sit-out`, { sitOut: true });
    expect(response.json()).toEqual({
      message: "Your guild will sit out the next war",
      sitsOutNextWar: true,
    });
    expect((await guildPage(viewer, resting.guild.id)).guild).toMatchObject({
      sitsOutNextWar: true,
      currentWarId: warId,
    });
    expect((await war(warId)).participants.map((p) => p.guildId)).toContain(resting.guild.id);
  });

  it("completes at the battle's end: placements, the house pays 2000/1000/500 into the banks, no house cut", async () => {
    const banksBefore = new Map<string, number>();
    for (const crew of crews)
      banksBefore.set(crew.guild.id, (await guildPage(viewer, crew.guild.id)).guild.bankBalance);
    // Six round ends, then the muster the freed guilds asked for.
    expect(await advance(BATTLE_S)).toBe(7);
    const { active, history } = await wars();
    expect(history).toHaveLength(1);
    const done = history[0]!;
    expect(done.status).toBe("completed");
    expect(done.completedAt).not.toBeNull();
    expect(done.participants.map((p) => p.placement)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(done.participants.map((p) => p.prizeAmount)).toEqual([2000, 1000, 500, 0, 0, 0, 0, 0]);
    const totalWins = done.participants.reduce((sum, p) => sum + p.duelWins, 0);
    const detail = await war(done.id);
    expect(totalWins).toBe(detail.duels.filter((d) => d.winnerGuildId).length);
    expect(detail.duels.every((d) => d.status === "completed")).toBe(true);
    for (const p of done.participants) {
      const page = await guildPage(viewer, p.guildId);
      expect(page.guild.bankBalance).toBe(banksBefore.get(p.guildId)! + p.prizeAmount);
      // Freed from this war (most of them are already drafted into the next one, below).
      expect(page.guild.currentWarId).not.toBe(done.id);
      if (p.prizeAmount > 0) {
        expect(page.bankHistory[0]).toMatchObject({
          kind: "war_prize",
          delta: p.prizeAmount,
          warId: done.id,
          warName: "Guild War #1",
        });
      }
    }
    // The three prizes are the house's coins, one row each into a bank; nothing else moved for the war.
    const rewards = await t.db.select().from(coinLedger).where(eq(coinLedger.reason, "house_reward_war"));
    expect(rewards.map((r) => [r.account, r.refType, r.refId, r.delta]).sort()).toEqual(
      [2000, 1000, 500].map((delta) => ["guild_bank", "guild_war", done.id, delta]).sort(),
    );
    for (const reason of ["war_stake", "war_prize", "house_cut_war"]) {
      expect(await t.db.select().from(coinLedger).where(eq(coinLedger.reason, reason))).toEqual([]);
    }
    // Every freed guild still holds 500 or more and is enlisted again at once, except the one that chose to sit
    // out: the ninth guild takes its place.
    expect(active).toHaveLength(1);
    const next = active[0]!;
    expect(next).toMatchObject({ name: "Guild War #2", status: "registration", funding: "house" });
    const resting = crews[3]!.guild.id;
    const enlisted = [...crews.map((c) => c.guild.id).filter((id) => id !== resting), ninthId].sort();
    expect(next.participants.map((p) => p.guildId).sort()).toEqual(enlisted);
    expect((await guildPage(viewer, resting)).guild).toMatchObject({
      sitsOutNextWar: true,
      isEligibleForWar: false,
      currentWarId: null,
    });
  });

  it("the guild leaderboard: live guilds by power, each with its record of completed wars", async () => {
    const board = (await viewer.get("/api/guild-wars/leaderboard")).json<GuildLeaderboard>().guilds;
    const powers = board.map((g) => g.totalPower);
    expect(powers).toEqual([...powers].sort((a, b) => b - a));
    expect(board.map((g) => g.rank)).toEqual(board.map((_, i) => i + 1));
    const done = (await wars()).history[0]!;
    for (const p of done.participants) {
      expect(board.find((g) => g.guildId === p.guildId)).toMatchObject({
        warsFought: 1,
        firstPlaces: p.placement === 1 ? 1 : 0,
        podiums: p.placement! <= 3 ? 1 : 0,
        prizesWon: p.prizeAmount,
      });
    }
    // Drafted into the second war, which has not finished: no war counts yet.
    expect(board.find((g) => g.guildId === ninthId)).toMatchObject({
      warsFought: 0,
      podiums: 0,
      prizesWon: 0,
    });
    expect(board.find((g) => g.guildId === crews[0]!.guild.id)?.banner).toEqual({
      color: "Magenta",
      hex: "#ff2bd6",
      emblem: "crown",
    });
    expect((await t.app.inject({ method: "GET", url: "/api/guild-wars/leaderboard" })).statusCode).toBe(401);
  });

  it("a completed war never moves again", async () => {
    const [before] = await t.db.select().from(guildWars).where(eq(guildWars.name, "Guild War #1"));
    const rows = await t.db.select().from(coinLedger).where(eq(coinLedger.refId, before!.id));
    // Only the second war moves: its registration ends.
    expect(await advance(3600)).toBe(1);
    const [after] = await t.db.select().from(guildWars).where(eq(guildWars.id, before!.id));
    expect(after).toEqual(before);
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.refId, before!.id))).toEqual(rows);
  });

  it("balances the books", async () => {
    await expectLedgerClean(t);
    // The one test grant above stands in for donations; everything else must balance.
    const problems = (await auditEconomy(t.db)).problems.filter((p) => !p.includes("reason test_grant"));
    expect(problems).toEqual([]);
  });
});
