// The rest after a war (GUILD_WAR_REST_HOURS, 20 by default): eight guilds at 500 coins fight one war, then rest:
// not drafted again while they rest, whatever their banks hold, and drafted again by the runner once the rest
// has passed on its clock. The guild page and /guild-wars tell when the guild can fight next and how many
// guilds are ready now.

import type { GuildWarList } from "@bot-arena/contract";
import { GUILD_WAR_REST_HOURS } from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { auditEconomy } from "../../platform/economy-audit";
import { expectLedgerClean } from "../bots/testing";
import { donate, guildPage, guildWithCrew } from "../guilds/testing";
import { warTestApp } from "./testing";

const REGISTRATION_S = 60;
const BATTLE_S = 70;
const REST_MS = GUILD_WAR_REST_HOURS * 3_600_000;
const clock = testClock();
let t: TestApp;
let viewer: Player;
beforeAll(async () => {
  t = await warTestApp(clock, { registrationSeconds: REGISTRATION_S, battleSeconds: BATTLE_S });
  viewer = await signUp(t.app);
});
afterAll(() => t.close());

const wars = async (player = viewer) => (await player.get("/api/guild-wars")).json<GuildWarList>();
const advance = async (ms: number) => {
  clock.advance(ms);
  return t.app.reconciler.runOnce();
};

type Crew = Awaited<ReturnType<typeof guildWithCrew>>;
const eight: Crew[] = [];
let endedAt: Date;

describe("a war, then the rest", () => {
  it("eight guilds at 500 coins open one war; the pages count them ready until it opens", async () => {
    for (let i = 0; i < 7; i++) eight.push(await guildWithCrew(t, 1, 500));
    expect(await t.app.reconciler.runOnce()).toBe(1);
    const waiting = await wars(eight[0]!.leader);
    expect(waiting.muster).toEqual({ readyGuilds: 7, restingGuilds: 0, guildsPerWar: 8, restHours: 20 });
    expect(waiting.myGuild).toMatchObject({
      id: eight[0]!.guild.id,
      isEligibleForWar: true,
      restsUntil: null,
    });
    eight.push(await guildWithCrew(t, 1, 500));
    expect(await t.app.reconciler.runOnce()).toBe(1);
    const { active, muster } = await wars();
    expect(active).toHaveLength(1);
    expect(muster.readyGuilds).toBe(0);
  });

  it("when the war ends every guild rests 20 hours, ready no more, and the pages say until when", async () => {
    // Registration, six round ends and the completion.
    await advance(REGISTRATION_S * 1000);
    await advance(BATTLE_S * 1000);
    endedAt = clock.now();
    const { active, history, muster } = await wars();
    expect([active.length, history.length]).toEqual([0, 1]);
    expect(muster).toEqual({ readyGuilds: 0, restingGuilds: 8, guildsPerWar: 8, restHours: 20 });
    const restsUntil = new Date(endedAt.getTime() + REST_MS).toISOString();
    for (const crew of eight) {
      const page = await guildPage(crew.leader, crew.guild.id);
      expect(page.guild).toMatchObject({ restsUntil, isEligibleForWar: false, currentWarId: null });
      expect(page.muster.restingGuilds).toBe(8);
      expect(page.serverTime).toBe(endedAt.toISOString());
    }
    expect((await wars(eight[0]!.leader)).myGuild?.restsUntil).toBe(restsUntil);
  });

  it("while they rest, more coins in the banks draft nobody", async () => {
    // A prize came on top of the 500 for three of them.
    const before = (await guildPage(viewer, eight[0]!.guild.id)).guild.bankBalance;
    for (const crew of eight) await donate(crew.leader, crew.guild.id, 300);
    await advance(REST_MS - 1000);
    expect((await wars()).active).toEqual([]);
    expect((await guildPage(viewer, eight[0]!.guild.id)).guild).toMatchObject({
      bankBalance: before + 300,
      isEligibleForWar: false,
    });
  });

  it("a guild that did not fight is ready meanwhile, and counted", async () => {
    const fresh = await guildWithCrew(t, 1, 500);
    await t.app.reconciler.runOnce();
    expect((await wars()).muster).toMatchObject({ readyGuilds: 1, restingGuilds: 8 });
    expect((await guildPage(fresh.leader, fresh.guild.id)).guild.restsUntil).toBeNull();
  });

  it("once the rest has passed the runner drafts the strongest eight again, by itself", async () => {
    // The request the war's end left is due at the rest's end: the runner's pass at that moment opens war #2.
    expect(await advance(1000)).toBe(1);
    const { active, muster } = await wars();
    expect(active).toHaveLength(1);
    expect(active[0]!.name).toBe("Guild War #2");
    expect(active[0]!.participants).toHaveLength(8);
    // Nine were ready; eight were drafted and none rests any longer.
    expect(muster).toMatchObject({ readyGuilds: 1, restingGuilds: 0 });
    for (const crew of eight) {
      expect((await guildPage(crew.leader, crew.guild.id)).guild.restsUntil).toBeNull();
    }
  });

  it("leaves the books clean", async () => {
    await expectLedgerClean(t);
    expect((await auditEconomy(t.db)).problems).toEqual([]);
  });
});
