import type { PvpWinChanceResponse } from "@bot-arena/contract";
import {
  estimateWinChance,
  type Stats,
  toFighter,
  type Weapon,
  WIN_CHANCE_BATTLES,
  winChanceOf,
} from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, signUp, type TestApp } from "../../../test/helpers";
import { aiOpponents, equipment, inventory } from "../../platform/db/schema";
import { botRow, CHAMPION, findOpponent, type Pilot, pilot, SCRAP_HEAP, setBot } from "./testing";
import { weaponColumns } from "./weapon";
import { aiWinChanceSeed, pvpWinChanceSeed } from "./win-chance";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const winChanceUrl = (botId: string) => `/api/arena/pvp/opponents/${botId}/win-chance`;

async function pvpOdds(p: Pilot, defenderId: string) {
  const response = await p.get(winChanceUrl(defenderId));
  expect(response.statusCode).toBe(200);
  return response.json<PvpWinChanceResponse>();
}

/** Gives the pilot a shop weapon with an ultimate, equipped on its bot; returns it as the engine sees it. */
async function arm(p: Pilot, name: string): Promise<Weapon> {
  const [item] = await t.db.select().from(equipment).where(eq(equipment.name, name));
  if (!item) throw new Error(`no ${name} in the shop`);
  await t.db.insert(inventory).values({ userId: p.id, equipmentId: item.id, isEquipped: true });
  await setBot(t.db, p.bot.id, { equippedWeaponId: item.id });
  const [weapon] = await t.db.select(weaponColumns).from(equipment).where(eq(equipment.id, item.id));
  if (!weapon?.ultimateAbilityType || weapon.ultimateTriggerChance <= 0)
    throw new Error(`${name} never fires`);
  return weapon;
}

const fighterOf = async (p: Pilot, weapon: Weapon | null) => toFighter(await botRow(t.db, p.bot.id), weapon);

describe("the win chance of an AI battle", () => {
  it("comes with the rolled opponent and is the rulebook's estimate, seeded by the bot and the roll", async () => {
    const p = await pilot(t);
    const weapon = await arm(p, "Ion Lance");
    const expectedFor = async (stats: Stats) => {
      const [kept] = await t.db.select().from(aiOpponents).where(eq(aiOpponents.userId, p.id));
      return estimateWinChance(
        await fighterOf(p, weapon),
        { name: "AI", stats, weapon: null },
        aiWinChanceSeed(p.bot.id, kept!.seed),
      );
    };
    const opponent = await findOpponent(p);
    expect(opponent.winChance).toEqual(await expectedFor(opponent.stats));
    // The percent is the rulebook's display of the share won: a long shot reads 1%, never 0% (the AI is rolled
    // afresh, so a plain rounding of the probability would fail on the rolls that make the pilot a long shot).
    const won = Math.round(opponent.winChance.probability * WIN_CHANCE_BATTLES);
    expect(opponent.winChance).toEqual(winChanceOf(won, WIN_CHANCE_BATTLES));
    // Read again, the kept opponent shows the same odds.
    expect((await p.get("/api/arena/ai/opponent")).json()).toEqual({ opponent });

    // A matchup the Ion Lance's ultimate decides, so the seed shows: 11s with the lance against 13s.
    await setBot(t.db, p.bot.id, { strength: 11, agility: 11, defense: 11, intelligence: 11 });
    const [kept] = await t.db.select().from(aiOpponents).where(eq(aiOpponents.userId, p.id));
    const close: Stats = { strength: 13, agility: 13, defense: 13, intelligence: 13 };
    await t.db
      .update(aiOpponents)
      .set({ opponent: { ...(kept!.opponent as object), stats: close } })
      .where(eq(aiOpponents.userId, p.id));
    const odds = (await p.get("/api/arena/ai/opponent")).json().opponent.winChance;
    expect(odds).toEqual(await expectedFor(close));
    expect(odds.probability).toBeGreaterThan(0);
    expect(odds.probability).toBeLessThan(1);
  });

  it("follows the bot as it stands: a champion is sure to win, a scrap heap sure to lose", async () => {
    const p = await pilot(t);
    await findOpponent(p);
    await setBot(t.db, p.bot.id, CHAMPION);
    const read = async () => (await p.get("/api/arena/ai/opponent")).json().opponent.winChance;
    expect(await read()).toEqual({ probability: 1, percent: 100 });
    await setBot(t.db, p.bot.id, SCRAP_HEAP);
    expect(await read()).toEqual({ probability: 0, percent: 0 });
  });
});

describe("the win chance of a PvP battle", () => {
  it("is the rulebook's estimate of the active bot against the target, weapons included, and stable", async () => {
    const attacker = await pilot(t);
    const defender = await pilot(t);
    const attackerWeapon = await arm(attacker, "Ion Lance");
    const defenderWeapon = await arm(defender, "Nanite Injector");
    // Close enough that the ultimates decide it.
    const even: Partial<Stats> = { strength: 12, agility: 12, defense: 12, intelligence: 12 };
    await setBot(t.db, attacker.bot.id, even);
    await setBot(t.db, defender.bot.id, even);

    const answer = await pvpOdds(attacker, defender.bot.id);
    const expected = estimateWinChance(
      await fighterOf(attacker, attackerWeapon),
      await fighterOf(defender, defenderWeapon),
      pvpWinChanceSeed(attacker.bot.id, defender.bot.id),
    );
    expect(answer).toEqual({ defenderId: defender.bot.id, winChance: expected });
    expect(expected.probability).toBeGreaterThan(0);
    expect(expected.probability).toBeLessThan(1);
    expect(await pvpOdds(attacker, defender.bot.id)).toEqual(answer);
  });

  it("is always the asking player's own active bot's chance", async () => {
    const strong = await pilot(t);
    const weak = await pilot(t);
    await setBot(t.db, strong.bot.id, CHAMPION);
    await setBot(t.db, weak.bot.id, SCRAP_HEAP);
    expect((await pvpOdds(strong, weak.bot.id)).winChance).toEqual({ probability: 1, percent: 100 });
    expect((await pvpOdds(weak, strong.bot.id)).winChance).toEqual({ probability: 0, percent: 0 });
  });

  it("is refused without a session, for the player's own bot, an unknown bot and without an active bot", async () => {
    const p = await pilot(t);
    const other = await pilot(t);
    const anonymous = await t.app.inject({ method: "GET", url: winChanceUrl(other.bot.id) });
    expect(errorOf(anonymous).status).toBe(401);
    expect(errorOf(await p.get(winChanceUrl(p.bot.id)))).toMatchObject({ status: 403 });
    expect(errorOf(await p.get(winChanceUrl("6f1c1a5e-0000-4000-8000-000000000000")))).toMatchObject({
      status: 404,
    });
    expect(errorOf(await p.get(winChanceUrl("not-a-bot")))).toMatchObject({ status: 404 });
    const botless = await signUp(t.app);
    expect(errorOf(await botless.get(winChanceUrl(other.bot.id)))).toMatchObject({ status: 404 });
  });
});
