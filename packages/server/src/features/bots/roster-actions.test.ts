// BOT COMMAND's actions through the API: activate, rename, refresh and recycle, with their prices, messages
// and refusals (listed bots, the active bot, short wallets), and the races between them.
import { type Bot, botsMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import {
  coinLedger,
  equipment,
  inventory,
  tournamentParticipants,
  tournaments,
} from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import {
  botsOf,
  coinsOf,
  createBot,
  expectLedgerClean,
  finishSetup,
  giveCoins,
  listOnMarket,
  setCoins,
  summonFor,
} from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const byId = (bots: Bot[], id: string) => bots.find((bot) => bot.id === id);
const recycle = (player: Player, id: string) => player.request({ method: "DELETE", url: `/api/bots/${id}` });

/** A player with their created (active) bot and one finished summoned bot, and `coins` left. */
async function playerWithTwoBots(coins = 1000) {
  const player = await signUp(t.app);
  const first = await createBot(player);
  const [id] = (await summonFor(player, 1)).botIds;
  const second = await finishSetup(player, id!);
  await setCoins(t.db, player, coins);
  return { player, first, second };
}

describe("GET /api/bots", () => {
  it("lists the roster newest first and marks a listed bot", async () => {
    const { player, first, second } = await playerWithTwoBots();
    await listOnMarket(t.db, player, second.id);
    const bots = await botsOf(player);
    expect(bots.map((bot) => [bot.id, bot.isListed])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it("answers an empty roster for a new player", async () => {
    expect(await botsOf(await signUp(t.app))).toEqual([]);
  });
});

describe("POST /api/bots/:id/activate", () => {
  it("makes the bot the only active one", async () => {
    const { player, first, second } = await playerWithTwoBots();
    const response = await player.post(`/api/bots/${second.id}/activate`);
    expect(response.json()).toMatchObject({
      message: messages.activeBotChanged,
      bot: { id: second.id, isActive: true },
    });
    const bots = await botsOf(player);
    expect(bots.filter((bot) => bot.isActive).map((bot) => bot.id)).toEqual([second.id]);
    expect(byId(bots, first.id)!.isActive).toBe(false);
  });

  it("is refused for a listed bot", async () => {
    const { player, second } = await playerWithTwoBots();
    await listOnMarket(t.db, player, second.id);
    const response = await player.post(`/api/bots/${second.id}/activate`);
    expect(errorOf(response)).toMatchObject({ status: 409, message: botsMessages.botListed });
    expect(byId(await botsOf(player), second.id)!.isActive).toBe(false);
  });
});

describe("POST /api/bots/:id/rename", () => {
  it("renames for 5 coins and answers the new name and balance", async () => {
    const { player, first } = await playerWithTwoBots(100);
    const response = await player.post(`/api/bots/${first.id}/rename`, { name: "  Steel Comet  " });
    expect(response.json()).toEqual({ newName: "Steel Comet", newCoinBalance: 95 });
    expect(byId(await botsOf(player), first.id)!.name).toBe("Steel Comet");
    const ledger = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, player.id), eq(coinLedger.reason, "rename")));
    expect(ledger).toMatchObject([{ delta: -5, refId: first.id }]);
  });

  it.each([
    ["an empty name", "", messages.enterValidName],
    ["a name of spaces", "     ", messages.enterValidName],
    ["a 31-character name", "r".repeat(31), messages.nameTooLong(30)],
    ["a placeholder name", "Striker X-1 (Unnamed)", messages.enterValidName],
  ])("refuses %s and takes no coins", async (_, name, message) => {
    const { player, first } = await playerWithTwoBots(100);
    const response = await player.post(`/api/bots/${first.id}/rename`, { name });
    expect(errorOf(response)).toMatchObject({ status: 400, message });
    expect(await coinsOf(player)).toBe(100);
    expect(byId(await botsOf(player), first.id)!.name).toBe(first.name);
  });

  it("needs 5 coins: 'You need 5 coins to rename a bot'", async () => {
    const { player, first } = await playerWithTwoBots(4);
    const response = await player.post(`/api/bots/${first.id}/rename`, { name: "Broke" });
    expect(errorOf(response)).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_COINS",
      message: messages.renameNeedsCoins,
    });
    expect(await coinsOf(player)).toBe(4);
    expect(byId(await botsOf(player), first.id)!.name).toBe(first.name);
  });

  it("is refused for a listed bot", async () => {
    const { player, second } = await playerWithTwoBots(100);
    await listOnMarket(t.db, player, second.id);
    const response = await player.post(`/api/bots/${second.id}/rename`, { name: "Listed" });
    expect(errorOf(response)).toMatchObject({ status: 409, message: botsMessages.botListed });
    expect(await coinsOf(player)).toBe(100);
  });

  it("ten parallel renames with coins for two: exactly two are paid for", async () => {
    const { player, first } = await playerWithTwoBots(10);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        player.post(`/api/bots/${first.id}/rename`, { name: `Name ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(await coinsOf(player)).toBe(0);
    await expectLedgerClean(t);
  });
});

describe("POST /api/bots/:id/refresh", () => {
  it("re-rolls rarity and stats for 250 coins, hands the 10 bonus points over and draws a new image", async () => {
    const { player, first } = await playerWithTwoBots(1000);
    const response = await player.post(`/api/bots/${first.id}/refresh`);
    expect(response.statusCode).toBe(200);
    const { message, newCoinBalance, updatedBot } = response.json();
    expect(newCoinBalance).toBe(750);
    expect(["common", "uncommon", "rare"]).toContain(updatedBot.rarity);
    expect(message).toBe(messages.botRefreshed(updatedBot.rarity));
    expect(updatedBot).toMatchObject({
      id: first.id,
      name: first.name,
      model: first.model,
      level: first.level,
      availablePoints: first.availablePoints + 10,
      isActive: true,
    });
    expect(updatedBot.imageUrl).not.toBe(first.imageUrl);
    expect(byId(await botsOf(player), first.id)).toEqual(updatedBot);
  });

  it("settles a pending bonus allocation as available points", async () => {
    const player = await signUp(t.app);
    const [id] = (await summonFor(player, 1)).botIds;
    const updated = (await player.post(`/api/bots/${id}/refresh`)).json().updatedBot;
    expect(updated).toMatchObject({ statPointsAllocated: true, availablePoints: 10, setupStage: "name" });
  });

  it("needs 250 coins: 'You need 250 coins to refresh a bot'", async () => {
    const { player, first } = await playerWithTwoBots(249);
    const response = await player.post(`/api/bots/${first.id}/refresh`);
    expect(errorOf(response)).toMatchObject({ status: 409, message: messages.refreshNeedsCoins });
    expect(await coinsOf(player)).toBe(249);
    expect(byId(await botsOf(player), first.id)).toEqual(first);
  });

  it("is refused for a listed bot", async () => {
    const { player, second } = await playerWithTwoBots(1000);
    await listOnMarket(t.db, player, second.id);
    const response = await player.post(`/api/bots/${second.id}/refresh`);
    expect(errorOf(response)).toMatchObject({ status: 409, message: botsMessages.botListed });
    expect(await coinsOf(player)).toBe(1000);
  });
});

describe("DELETE /api/bots/:id (recycle)", () => {
  it("removes a bot that is not active and pays 250 coins", async () => {
    const { player, first, second } = await playerWithTwoBots(0);
    const response = await recycle(player, second.id);
    expect(response.json()).toEqual({ message: messages.botRecycled, newCoinBalance: 250 });
    expect((await botsOf(player)).map((bot) => bot.id)).toEqual([first.id]);
  });

  it("gives the weapon a recycled bot held back to the inventory, unequipped", async () => {
    const { player, first, second } = await playerWithTwoBots(5000);
    const [item] = await t.db.select().from(equipment).orderBy(equipment.price).limit(1);
    expect(
      (await player.post("/api/shop/purchase", { itemType: "equipment", itemId: item!.id })).statusCode,
    ).toBe(200);
    // Equip while the second bot is active, then hand the active role back: the weapon stays with the second.
    expect((await player.post(`/api/bots/${second.id}/activate`)).statusCode).toBe(200);
    const [owned] = await t.db.select().from(inventory).where(eq(inventory.userId, player.id));
    expect((await player.post(`/api/inventory/${owned!.id}/equip`)).statusCode).toBe(200);
    expect((await player.post(`/api/bots/${first.id}/activate`)).statusCode).toBe(200);

    expect((await recycle(player, second.id)).statusCode).toBe(200);
    const [after] = await t.db.select().from(inventory).where(eq(inventory.id, owned!.id));
    expect(after).toMatchObject({ isEquipped: false });
    await expectLedgerClean(t);
  });

  it("recycles a bot whose setup is unfinished and whose image is missing", async () => {
    const player = await signUp(t.app);
    await createBot(player);
    const [id] = (await summonFor(player, 1)).botIds;
    const response = await recycle(player, id!);
    expect(response.statusCode).toBe(200);
    expect(await coinsOf(player)).toBe(750);
  });

  it("never recycles the active bot", async () => {
    const { player, first } = await playerWithTwoBots(0);
    const response = await recycle(player, first.id);
    expect(errorOf(response)).toMatchObject({ status: 409, message: messages.cannotRecycleActive });
    expect(await botsOf(player)).toHaveLength(2);
    expect(await coinsOf(player)).toBe(0);
  });

  it("is refused for a listed bot", async () => {
    const { player, second } = await playerWithTwoBots(0);
    await listOnMarket(t.db, player, second.id);
    const response = await recycle(player, second.id);
    expect(errorOf(response)).toMatchObject({ status: 409, message: botsMessages.botListed });
    expect(await botsOf(player)).toHaveLength(2);
  });

  it("is refused while a tournament holds the bot", async () => {
    const { player, second } = await playerWithTwoBots(0);
    const [tournament] = await t.db
      .insert(tournaments)
      .values({ name: "Cup", minPlayers: 2, maxPlayers: 8 })
      .returning({ id: tournaments.id });
    await t.db
      .insert(tournamentParticipants)
      .values({ tournamentId: tournament!.id, userId: player.id, botId: second.id as BotId });
    const response = await recycle(player, second.id);
    expect(errorOf(response)).toMatchObject({ status: 409, message: messages.recycleTournamentConflict });
    expect(await botsOf(player)).toHaveLength(2);
    expect(await coinsOf(player)).toBe(0);
    await expectLedgerClean(t);
  });

  it("pays once when the same bot is recycled ten times in parallel", async () => {
    const { player, second } = await playerWithTwoBots(0);
    const answers = await Promise.all(Array.from({ length: 10 }, () => recycle(player, second.id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const lost of answers.filter((a) => a.statusCode !== 200)) {
      expect(errorOf(lost)).toMatchObject({ status: 404, message: messages.botNotFound });
    }
    expect(await coinsOf(player)).toBe(250);
    await expectLedgerClean(t);
  });

  it("never leaves the player without an active bot when recycling races an activation", async () => {
    for (let round = 0; round < 8; round++) {
      const { player, first, second } = await playerWithTwoBots(0);
      const [activation, recycling] = await Promise.all([
        player.post(`/api/bots/${second.id}/activate`),
        recycle(player, second.id),
      ]);
      const bots = await botsOf(player);
      const active = bots.filter((bot) => bot.isActive);
      expect(active).toHaveLength(1);
      if (recycling.statusCode === 200) {
        expect(activation.statusCode).toBe(404);
        expect(active[0]!.id).toBe(first.id);
        expect(await coinsOf(player)).toBe(250);
      } else {
        expect(activation.statusCode).toBe(200);
        expect(errorOf(recycling)).toMatchObject({ status: 409, message: messages.cannotRecycleActive });
        expect(active[0]!.id).toBe(second.id);
        expect(await coinsOf(player)).toBe(0);
      }
    }
    await expectLedgerClean(t);
  });

  it("keeps the summon history of a recycled bot, without its name", async () => {
    const { player, second } = await playerWithTwoBots(0);
    await recycle(player, second.id);
    const history = (await player.get("/api/summons")).json();
    expect(history.rolls).toMatchObject([{ botId: null, botName: null }]);
  });
});

it("answers with a rule, not a crash, when the player gives coins through the ledger in between", async () => {
  const { player, first } = await playerWithTwoBots(0);
  await giveCoins(t.db, player, 5);
  const response = await player.post(`/api/bots/${first.id}/rename`, { name: "Funded" });
  expect(response.json()).toEqual({ newName: "Funded", newCoinBalance: 0 });
});

describe("lock order", () => {
  it("renames, refreshes, activations and recycles of the same bots in parallel all get an answer", async () => {
    const { player, first, second } = await playerWithTwoBots(10_000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => [
        player.post(`/api/bots/${second.id}/rename`, { name: `Racer ${i}` }),
        player.post(`/api/bots/${second.id}/activate`),
        player.post(`/api/bots/${first.id}/activate`),
        player.post(`/api/bots/${first.id}/refresh`),
        player.post(`/api/bots/${second.id}/train`, { stat: "agility" }),
      ]).flat(),
    );
    // No deadlock victim or other crash: every answer is a success or a rule's refusal.
    for (const answer of answers) expect(answer.statusCode).toBeLessThan(500);
    expect((await botsOf(player)).filter((bot) => bot.isActive)).toHaveLength(1);
    await expectLedgerClean(t);
  });
});
