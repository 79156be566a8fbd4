// Training and energy through the API on a clock the test moves: one point per minute regenerated and written
// back without drift, the cap, and a trained point's price (5 energy, 1 available point) under parallel clicks.
import { type Bot, botsMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { bots } from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import { botsOf, createBot } from "./testing";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;

/** A player whose first bot has exactly this energy (last written now) and these available points. */
async function botWith(fields: {
  energy: number;
  availablePoints: number;
}): Promise<{ player: Player; bot: Bot }> {
  const player = await signUp(t.app);
  const bot = await createBot(player);
  await t.db
    .update(bots)
    .set({ ...fields, lastEnergyUpdate: clock.now() })
    .where(eq(bots.id, bot.id as BotId));
  return { player, bot: (await botsOf(player))[0]! };
}

async function storedEnergy(id: string) {
  const [row] = await t.db
    .select()
    .from(bots)
    .where(eq(bots.id, id as BotId));
  return { energy: row!.energy, lastEnergyUpdate: row!.lastEnergyUpdate.getTime() };
}

const train = (player: Player, id: string, stat: unknown) => player.post(`/api/bots/${id}/train`, { stat });

describe("energy regeneration", () => {
  it("adds one point per whole minute, writes it back and carries the part-minute over", async () => {
    const { player, bot } = await botWith({ energy: 50, availablePoints: 0 });
    const start = clock.now().getTime();
    clock.advance(90_000);
    expect((await botsOf(player))[0]!.energy).toBe(51);
    expect(await storedEnergy(bot.id)).toEqual({ energy: 51, lastEnergyUpdate: start + MINUTE });
    clock.advance(30_000);
    expect((await botsOf(player))[0]!.energy).toBe(52);
  });

  it("never drifts however often the roster is read", async () => {
    const { player } = await botWith({ energy: 10, availablePoints: 0 });
    for (let i = 0; i < 60; i++) {
      clock.advance(10_000);
      await botsOf(player);
    }
    expect((await botsOf(player))[0]!.energy).toBe(20);
  });

  it("stops at max energy", async () => {
    const { player } = await botWith({ energy: 95, availablePoints: 0 });
    clock.advance(60 * MINUTE);
    expect((await botsOf(player))[0]).toMatchObject({ energy: 100, maxEnergy: 100 });
  });
});

describe("POST /api/bots/:id/train", () => {
  it("turns an available point into a stat point for 5 energy", async () => {
    const { player, bot } = await botWith({ energy: 100, availablePoints: 2 });
    const response = await train(player, bot.id, "agility");
    expect(response.json()).toMatchObject({
      message: messages.statTrained("agility"),
      bot: { agility: bot.agility + 1, strength: bot.strength, energy: 95, availablePoints: 1 },
    });
    expect(messages.statTrained("agility")).toBe("Agility +1!");
  });

  it("regenerates before checking, and starts a full bot's next minute at the spend", async () => {
    const { player, bot } = await botWith({ energy: 3, availablePoints: 1 });
    clock.advance(2 * MINUTE);
    expect((await train(player, bot.id, "defense")).json().bot.energy).toBe(0);

    const full = await botWith({ energy: 100, availablePoints: 1 });
    clock.advance(10 * MINUTE);
    const spentAt = clock.now().getTime();
    await train(full.player, full.bot.id, "strength");
    expect(await storedEnergy(full.bot.id)).toEqual({ energy: 95, lastEnergyUpdate: spentAt });
    clock.advance(MINUTE - 1);
    expect((await botsOf(full.player))[0]!.energy).toBe(95);
    clock.advance(1);
    expect((await botsOf(full.player))[0]!.energy).toBe(96);
  });

  it("refuses without available points", async () => {
    const { player, bot } = await botWith({ energy: 100, availablePoints: 0 });
    const response = await train(player, bot.id, "strength");
    expect(errorOf(response)).toMatchObject({ status: 409, message: messages.noAvailablePoints });
    expect((await botsOf(player))[0]).toEqual(bot);
  });

  it("refuses below 5 energy", async () => {
    const { player, bot } = await botWith({ energy: 4, availablePoints: 3 });
    const response = await train(player, bot.id, "intelligence");
    expect(errorOf(response)).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_ENERGY",
      message: messages.notEnoughTrainingEnergy,
    });
    expect((await botsOf(player))[0]).toEqual(bot);
  });

  it.each([["luck"], [""], [null], [3]])("refuses the stat %j", async (stat) => {
    const { player, bot } = await botWith({ energy: 100, availablePoints: 3 });
    const response = await train(player, bot.id, stat);
    expect(errorOf(response)).toMatchObject({ status: 400, message: botsMessages.unknownStat });
    expect((await botsOf(player))[0]).toEqual(bot);
  });

  it("ten parallel clicks with energy for four train exactly four points", async () => {
    const { player, bot } = await botWith({ energy: 20, availablePoints: 10 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => train(player, bot.id, "strength")));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
    expect((await botsOf(player))[0]).toMatchObject({
      strength: bot.strength + 4,
      energy: 0,
      availablePoints: 6,
    });
  });
});
