// The war's alerts on a test clock: every member of the 8 drafted guilds is told on their own `me` channel that
// their guild was drafted, and when the war ends, their guild's placement and prize; a member of a guild left
// out and a player in no guild hear nothing.
import { type GuildWarList, playerAlertKinds, warDraftedAlert, warEndedAlert } from "@bot-arena/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp, testClock } from "../../../test/helpers";
import { hearAlerts } from "../../../test/player-alerts";
import { guilds } from "../../platform/db/schema";
import { grantBanks, guildWithCrew } from "../guilds/testing";

const clock = testClock();
let t: TestApp;
let alerts: Awaited<ReturnType<typeof hearAlerts>>;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { reconcilerIntervalMs: 0, guildWar: { registrationSeconds: 60, battleSeconds: 70 } },
  });
  alerts = await hearAlerts(t.database);
});
afterAll(async () => {
  await alerts.stop();
  await t.close();
});

describe("a guild war's alerts", () => {
  it("tell every member of the drafted guilds, and when it ends their placement and prize; nobody else", async () => {
    const drafted = [];
    for (let i = 0; i < 8; i++) drafted.push(await guildWithCrew(t, 1 + (i % 3)));
    // A ninth guild, eligible but the weakest: left out of the war.
    const left = await guildWithCrew(t, 2);
    await t.db.update(guilds).set({ totalPower: 0 }).where(eq(guilds.id, left.guild.id));
    const loner = await signUp(t.app);
    await grantBanks(
      t.db,
      [...drafted, left].map((c) => c.guild.id),
      500,
    );
    await alerts.settle();

    expect(await t.app.reconciler.runOnce()).toBe(1);
    const [war] = (await loner.get("/api/guild-wars")).json<GuildWarList>().active;
    const members = drafted.flatMap((c) => c.crew.map((p) => ({ userId: p.id, guild: c.guild })));
    const heardDraft = await alerts.settle();
    expect(heardDraft.map((e) => [e.userId, e.kind]).sort()).toEqual(
      members.map((m) => [m.userId, playerAlertKinds.warDrafted]).sort(),
    );
    for (const event of heardDraft) {
      const { guild } = members.find((m) => m.userId === event.userId)!;
      expect(event.data).toEqual({
        warId: war!.id,
        warName: war!.name,
        guildId: guild.id,
        guildTag: guild.tag,
        guildName: guild.name,
      });
    }

    // Registration, then the battle's rounds, until the war is over (the freed guilds may be drafted again).
    for (let step = 0; step < 20; step++) {
      const list = (await loner.get("/api/guild-wars")).json<GuildWarList>();
      const running = list.active.find((w) => w.id === war!.id);
      if (!running) break;
      clock.advance(Date.parse(running.nextDueAt!) - clock.now().getTime());
      await t.app.reconciler.runOnce();
    }
    const ended = (await loner.get("/api/guild-wars"))
      .json<GuildWarList>()
      .history.find((w) => w.id === war!.id);
    expect(ended?.status).toBe("completed");
    const heardEnd = (await alerts.settle()).filter((e) => e.kind === playerAlertKinds.warEnded);
    const placeOf = new Map(ended!.participants.map((p) => [p.guildId, p]));
    expect(heardEnd.map((e) => [e.userId, e.data?.placement, e.data?.prize]).sort()).toEqual(
      members
        .map((m) => [m.userId, placeOf.get(m.guild.id)!.placement, placeOf.get(m.guild.id)!.prizeAmount])
        .sort(),
    );
    expect(heardEnd.map((e) => e.data?.prize).filter((prize) => Number(prize) > 0).length).toBeGreaterThan(0);

    // A player away when it happened finds their guild marked on the page; a player in no guild finds none.
    const firstGuild = drafted[0]!;
    expect((await firstGuild.leader.get("/api/guild-wars")).json<GuildWarList>().myGuildId).toBe(
      firstGuild.guild.id,
    );
    expect((await loner.get("/api/guild-wars")).json<GuildWarList>().myGuildId).toBeNull();

    for (const event of heardDraft) expect(warDraftedAlert.strict().safeParse(event.data).success).toBe(true);
    for (const event of heardEnd) expect(warEndedAlert.strict().safeParse(event.data).success).toBe(true);

    const outsiders = [loner.id, ...left.crew.map((p) => p.id)];
    for (const event of [...heardDraft, ...heardEnd]) expect(outsiders).not.toContain(event.userId);
  });
});
