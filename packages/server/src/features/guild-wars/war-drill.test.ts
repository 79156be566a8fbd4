// The war drill perk in a real war: the drilled guild's war bots enter their duels with each stat up by the
// drill's percent (5% at level 2, rounded down), written into the duel's snapshot so its battle replays as
// fought; every other guild's bots enter as they are.
import type { GuildWarDetail, GuildWarList } from "@bot-arena/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testClock } from "../../../test/helpers";
import { bots, guilds } from "../../platform/db/schema";
import { grantBanks, guildWithCrew } from "../guilds/testing";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { reconcilerIntervalMs: 0, guildWar: { registrationSeconds: 60, battleSeconds: 70 } },
  });
});
afterAll(() => t.close());

describe("the war drill", () => {
  it("adds 5% to each stat of the drilled guild's war bots, and nothing to the others'", async () => {
    const crews = [];
    for (let i = 0; i < 8; i++) crews.push(await guildWithCrew(t, 1, 0));
    // Every bot at 40 in each stat (160 power); the first guild has drilled to level 2.
    await t.db.update(bots).set({ strength: 40, agility: 40, defense: 40, intelligence: 40 });
    const drilled = crews[0]!.guild.id;
    await t.db.update(guilds).set({ warDrillLevel: 2 }).where(eq(guilds.id, drilled));
    await grantBanks(
      t.db,
      crews.map((c) => c.guild.id),
      500,
    );
    await t.app.reconciler.runOnce();
    const [war] = (await crews[0]!.leader.get("/api/guild-wars")).json<GuildWarList>().active;
    clock.advance(60_000);
    await t.app.reconciler.runOnce();
    const detail = (await crews[0]!.leader.get(`/api/guild-wars/${war!.id}`)).json<GuildWarDetail>();
    const powers = new Map<string, Set<number>>();
    for (const duel of detail.duels) {
      for (const [guildId, bot] of [
        [duel.homeGuildId, duel.homeBot],
        [duel.awayGuildId, duel.awayBot],
      ] as const) {
        if (bot) powers.set(guildId, (powers.get(guildId) ?? new Set()).add(bot.power));
      }
    }
    // 40 + floor(40 x 5%) = 42 in each of the four stats.
    expect([...powers.get(drilled)!]).toEqual([168]);
    for (const crew of crews.slice(1)) expect([...powers.get(crew.guild.id)!]).toEqual([160]);
  });
});
