// The repair shop through the API: ceil((100 - durability%) x 5) coins back to full durability, charged
// once through the ledger, refused at full durability, for foreign bots and without the coins.
import { messages } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { bots, coinLedger } from "../../platform/db/schema";
import { insertBot } from "../bank/economy-test-kit";
import { botsOf, coinsOf, createBot, expectLedgerClean, setCoins } from "../bots/testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const repair = (player: Player, botId: string) => player.post(`/api/bots/${botId}/repair`);

async function damagedBot(durability: number, maxDurability = 100) {
  const player = await signUp(t.app);
  const bot = await createBot(player);
  await t.db
    .update(bots)
    .set({ durability, maxDurability })
    .where(eq(bots.id, bot.id as never));
  return { player, bot };
}

it("answers 401 without a session", async () => {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/bots/7f3c2a10-1111-4222-8333-944455556666/repair",
  });
  expect(errorOf(response)).toMatchObject({ status: 401, message: messages.notAuthenticated });
});

describe("repairing", () => {
  it.each([
    [57, 100, 215],
    [0, 100, 500],
    [99, 100, 5],
    [77, 150, 244],
  ])("at %i of %i durability costs %i coins and restores full durability", async (durability, max, cost) => {
    const { player, bot } = await damagedBot(durability, max);
    const response = await repair(player, bot.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      newCoinBalance: 1000 - cost,
      newDurability: max,
      cost,
      message: messages.botRepaired,
    });
    expect((await botsOf(player))[0]).toMatchObject({ durability: max });
    const rows = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, player.id), eq(coinLedger.reason, "repair")));
    expect(rows).toMatchObject([{ delta: -cost, refType: "bot", refId: bot.id }]);
  });

  it("refuses a bot at full durability: 'Bot is in perfect condition!'", async () => {
    const { player, bot } = await damagedBot(100);
    expect(errorOf(await repair(player, bot.id))).toMatchObject({
      status: 409,
      message: messages.perfectCondition,
    });
    expect(await coinsOf(player)).toBe(1000);
  });

  it("refuses without the coins, leaving the bot damaged", async () => {
    const { player, bot } = await damagedBot(10);
    await setCoins(t.db, player, 449);
    expect(errorOf(await repair(player, bot.id))).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_COINS",
      message: messages.notEnoughCoins,
    });
    expect((await botsOf(player))[0]).toMatchObject({ durability: 10 });
  });

  it("repairs any of the player's bots, not only the active one", async () => {
    const player = await signUp(t.app);
    await createBot(player);
    const spare = await insertBot(t.db, player, { durability: 80 });
    expect((await repair(player, spare.id)).json()).toMatchObject({
      newCoinBalance: 900,
      newDurability: 100,
    });
  });

  it("answers 404 'Bot not found' for another player's bot, a missing one and a malformed id", async () => {
    const { bot } = await damagedBot(50);
    const intruder = await signUp(t.app);
    for (const id of [bot.id, "7f3c2a10-1111-4222-8333-944455556666", "nope"]) {
      expect(errorOf(await repair(intruder, id))).toMatchObject({
        status: 404,
        message: messages.botNotFound,
      });
    }
    expect(await coinsOf(intruder)).toBe(1000);
  });

  it("charges once when repairs race", async () => {
    const { player, bot } = await damagedBot(60);
    const responses = await Promise.all(Array.from({ length: 8 }, () => repair(player, bot.id)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200))
      expect(errorOf(r).message).toBe(messages.perfectCondition);
    expect(await coinsOf(player)).toBe(800);
    await expectLedgerClean(t);
  });
});
