// A guild's power is a column the database keeps current (a trigger on bots and memberships, migration 0005),
// since every bot change would otherwise have to remember it. The rule it follows is the game's alone
// (`statTotal`, summed over the members' active bots): this checks the column against that rule after stat
// changes, a new active bot, a member leaving and a member joining.
import { statTotal } from "@bot-arena/game";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { bots, guildMembers, guilds } from "../../platform/db/schema";
import { setBot } from "../arena/testing";
import { guildWithCrew, joinGuild, pilot } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The game's rule over the members' active bots, read straight from the rows. */
async function powerByTheRule(guildId: string): Promise<number> {
  const members = await t.db
    .select({ userId: guildMembers.userId })
    .from(guildMembers)
    .where(eq(guildMembers.guildId, guildId));
  if (members.length === 0) return 0;
  const active = await t.db
    .select()
    .from(bots)
    .where(
      and(
        inArray(
          bots.userId,
          members.map((m) => m.userId),
        ),
        eq(bots.isActive, true),
      ),
    );
  return active.reduce((sum, bot) => sum + statTotal(bot), 0);
}

async function storedPower(guildId: string): Promise<number> {
  const [row] = await t.db.select({ power: guilds.totalPower }).from(guilds).where(eq(guilds.id, guildId));
  return row!.power;
}

describe("a guild's power", () => {
  it("is the game's total strength summed over the members' active bots, whatever changes", async () => {
    const { guild, crew } = await guildWithCrew(t, 3);
    const expectAgreement = async () =>
      expect(await storedPower(guild.id)).toBe(await powerByTheRule(guild.id));
    await expectAgreement();
    const [first] = await t.db.select().from(bots).where(eq(bots.userId, crew[0]!.id));
    await setBot(t.db, first!.id, { strength: 37, agility: 5, defense: 21, intelligence: 9 });
    await expectAgreement();
    expect(await storedPower(guild.id)).toBeGreaterThan(0);
    // A second bot made active in place of the first.
    const { id: _id, createdAt: _at, ...copy } = first!;
    const [spare] = await t.db
      .insert(bots)
      .values({
        ...copy,
        name: "Spare Unit",
        isActive: false,
        strength: 12,
        agility: 44,
        defense: 3,
        intelligence: 30,
      })
      .returning({ id: bots.id });
    await t.db.update(bots).set({ isActive: false }).where(eq(bots.id, first!.id));
    await t.db.update(bots).set({ isActive: true }).where(eq(bots.id, spare!.id));
    await expectAgreement();
    // A member leaves, another joins.
    expect((await crew[2]!.post(`/api/guilds/${guild.id}/leave`)).statusCode).toBe(200);
    await expectAgreement();
    const newcomer = await pilot(t);
    await joinGuild(newcomer, guild.id);
    await expectAgreement();
  });
});
