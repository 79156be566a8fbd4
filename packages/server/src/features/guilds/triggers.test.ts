// Two guild columns the database keeps current with triggers (migrations 0005 and 0027), since every bot change
// and every bank move would otherwise have to remember them: the guild's power and its war eligibility. The
// rules they follow are the rulebook's alone, so each is checked here against it, on PostgreSQL and PGlite
// alike: the power against `guildPower` of `statTotal` over the members' active bots (after stat changes, a new
// active bot, a member leaving and a member joining), the eligibility against `isWarEligible` on each side of
// GUILD_WAR_ELIGIBILITY_BANK. A change to the rulebook's numbers without the trigger's (or back) goes red here.
import { GUILD_WAR_ELIGIBILITY_BANK, guildPower, isWarEligible, statTotal } from "@bot-arena/game";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { bots, guildMembers, guilds } from "../../platform/db/schema";
import { setBot } from "../arena/testing";
import { grantBanks, guildWithCrew, joinGuild, pilot } from "./testing";

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
  return guildPower(active.map((bot) => statTotal(bot)));
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

describe("a guild's war eligibility", () => {
  const stored = async (guildId: string) => {
    const [row] = await t.db
      .select({ bank: guilds.bankBalance, eligible: guilds.isEligibleForWar })
      .from(guilds)
      .where(eq(guilds.id, guildId));
    return row!;
  };

  it("turns on exactly where the rulebook's GUILD_WAR_ELIGIBILITY_BANK does, whatever the trigger's number", async () => {
    const { guild } = await guildWithCrew(t, 1);
    // One coin short of the rulebook's threshold, then at it, then past it: the trigger agrees at each.
    const steps = [GUILD_WAR_ELIGIBILITY_BANK - 1, 1, 1];
    const seen: [number, boolean, boolean][] = [];
    for (const amount of steps) {
      await grantBanks(t.db, [guild.id], amount);
      const row = await stored(guild.id);
      seen.push([row.bank, row.eligible, isWarEligible(row.bank)]);
    }
    expect(seen).toEqual([
      [GUILD_WAR_ELIGIBILITY_BANK - 1, false, false],
      [GUILD_WAR_ELIGIBILITY_BANK, true, true],
      [GUILD_WAR_ELIGIBILITY_BANK + 1, true, true],
    ]);
  });
});
