// The shop through the API: the catalogue, equipment into the inventory, consumables used at once on the
// active bot, and every refusal (no coins, no active bot, nothing to restore) charging nothing.

import { shopMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { bots, coinLedger, equipment, inventory, shopItems } from "../../platform/db/schema";
import { equipmentCatalogue } from "../../platform/seed/equipment";
import { botsOf, coinsOf, createBot, expectLedgerClean, setCoins } from "../bots/testing";

const clock = testClock();
let t: TestApp;
let energyCellId: string;
let repairKitId: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  const items = await t.db.select().from(shopItems);
  energyCellId = items.find((item) => item.name === "Energy Cell")!.id;
  repairKitId = items.find((item) => item.name === "Repair Kit")!.id;
});
afterAll(() => t.close());

const buy = (player: Player, itemType: string, itemId: string) =>
  player.post("/api/shop/purchase", { itemType, itemId });
const equipmentNamed = async (name: string) =>
  (await t.db.select().from(equipment).where(eq(equipment.name, name)))[0]!;

describe("without a session", () => {
  it.each([
    ["GET", "/api/shop"],
    ["POST", "/api/shop/purchase"],
  ] as const)("%s %s answers 401", async (method, url) => {
    expect(errorOf(await t.app.inject({ method, url, payload: {} }))).toMatchObject({
      status: 401,
      message: messages.notAuthenticated,
    });
  });
});

describe("GET /api/shop", () => {
  it("lists both consumables and the whole equipment catalogue, cheapest first", async () => {
    const player = await signUp(t.app);
    const shop = (await player.get("/api/shop")).json();
    expect(
      shop.consumables.map((c: { name: string; price: number; type: string }) => [c.name, c.price, c.type]),
    ).toEqual([
      ["Energy Cell", 100, "energy_restore"],
      ["Repair Kit", 150, "durability_restore"],
    ]);
    expect(shop.equipment).toHaveLength(equipmentCatalogue.length);
    const prices = shop.equipment.map((e: { price: number }) => e.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(shop.equipment[0]).toMatchObject({
      name: expect.any(String),
      rarity: expect.any(String),
      type: "weapon",
      ultimateAbilityName: expect.any(String),
      ultimateAbilityDescription: expect.any(String),
      ultimateTriggerChance: expect.any(Number),
    });
    const kindOf = (name: string) =>
      shop.equipment.find((e: { name: string }) => e.name === name)?.weaponKind;
    expect([kindOf("Thunderclap Hammer"), kindOf("Ion Lance"), kindOf("Solar Flare Cannon")]).toEqual([
      "hammer",
      "spear",
      "cannon",
    ]);
  });
});

describe("buying equipment", () => {
  it("charges the price through the ledger and puts the item, unequipped, into the inventory", async () => {
    const player = await signUp(t.app);
    const item = await equipmentNamed("Pulse Carbine");
    const response = await buy(player, "equipment", item.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      newCoinBalance: 1000 - item.price,
      message: "Purchased Pulse Carbine!",
      inventoryId: expect.any(String),
      bot: null,
    });
    const owned = await t.db.select().from(inventory).where(eq(inventory.userId, player.id));
    expect(owned).toMatchObject([{ id: body.inventoryId, equipmentId: item.id, isEquipped: false }]);
    const [row] = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, player.id), eq(coinLedger.reason, "shop_purchase")));
    expect(row).toMatchObject({ delta: -item.price, refType: "equipment", refId: item.id });
  });

  it("refuses an item the wallet cannot pay for with 'Not enough coins!' and adds nothing", async () => {
    const player = await signUp(t.app);
    const item = await equipmentNamed("Omega Singularity Blade");
    expect(errorOf(await buy(player, "equipment", item.id))).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_COINS",
      message: messages.notEnoughCoins,
    });
    expect(await t.db.select().from(inventory).where(eq(inventory.userId, player.id))).toEqual([]);
    expect(await coinsOf(player)).toBe(1000);
  });

  it("never overdraws under parallel purchases", async () => {
    const player = await signUp(t.app);
    const item = await equipmentNamed("Rivet Repeater"); // 200: five fit in 1000
    const responses = await Promise.all(Array.from({ length: 12 }, () => buy(player, "equipment", item.id)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(await coinsOf(player)).toBe(0);
    expect(await t.db.select().from(inventory).where(eq(inventory.userId, player.id))).toHaveLength(5);
    await expectLedgerClean(t);
  });
});

describe("bad input", () => {
  it.each([
    ["an unknown item type", { itemType: "weapon", itemId: "7f3c2a10-1111-4222-8333-944455556666" }, 400],
    ["a malformed id", { itemType: "equipment", itemId: "not-an-id" }, 400],
    ["a missing id", { itemType: "equipment" }, 400],
    ["an id of nothing", { itemType: "equipment", itemId: "7f3c2a10-1111-4222-8333-944455556666" }, 404],
  ])("refuses %s", async (_, body, status) => {
    const player = await signUp(t.app);
    expect(errorOf(await player.post("/api/shop/purchase", body)).status).toBe(status);
    expect(await coinsOf(player)).toBe(1000);
  });

  it("does not sell a consumable as equipment or the other way round", async () => {
    const player = await signUp(t.app);
    const item = await equipmentNamed("Pulse Carbine");
    expect(errorOf(await buy(player, "equipment", energyCellId))).toMatchObject({
      status: 404,
      message: shopMessages.itemNotFound,
    });
    expect(errorOf(await buy(player, "consumable", item.id))).toMatchObject({
      status: 404,
      message: shopMessages.itemNotFound,
    });
    expect(await coinsOf(player)).toBe(1000);
  });
});

describe("consumables", () => {
  async function playerWithActiveBot(state: { energy?: number; durability?: number }) {
    const player = await signUp(t.app);
    const bot = await createBot(player);
    await t.db
      .update(bots)
      .set({ ...state, lastEnergyUpdate: clock.now() })
      .where(eq(bots.id, bot.id as never));
    return { player, bot };
  }

  it("an Energy Cell refills the active bot's energy: 'Energy fully restored!'", async () => {
    const { player, bot } = await playerWithActiveBot({ energy: 12 });
    const response = await buy(player, "consumable", energyCellId);
    expect(response.json()).toEqual({
      newCoinBalance: 900,
      message: messages.energyRestored,
      inventoryId: null,
      bot: { id: bot.id, name: bot.name, energy: 100, durability: 100 },
    });
    expect((await botsOf(player))[0]).toMatchObject({ energy: 100 });
  });

  it("a Repair Kit restores full durability", async () => {
    const { player } = await playerWithActiveBot({ durability: 35 });
    const response = await buy(player, "consumable", repairKitId);
    expect(response.json()).toMatchObject({
      newCoinBalance: 850,
      message: "Purchased Repair Kit!",
      bot: { durability: 100 },
    });
  });

  it("refuses without an active bot and charges nothing", async () => {
    const player = await signUp(t.app);
    expect(errorOf(await buy(player, "consumable", energyCellId))).toMatchObject({
      status: 409,
      message: shopMessages.needActiveBotForItem("Energy Cell"),
    });
    expect(await coinsOf(player)).toBe(1000);
  });

  it("refuses an Energy Cell when energy (regenerated up to now) is already full", async () => {
    const { player } = await playerWithActiveBot({ energy: 95 });
    clock.advance(5 * 60_000);
    expect(errorOf(await buy(player, "consumable", energyCellId))).toMatchObject({
      status: 409,
      message: shopMessages.energyAlreadyFull,
    });
    expect(await coinsOf(player)).toBe(1000);
  });

  it("refuses a Repair Kit at full durability with 'Bot is in perfect condition!'", async () => {
    const { player } = await playerWithActiveBot({});
    expect(errorOf(await buy(player, "consumable", repairKitId))).toMatchObject({
      status: 409,
      message: messages.perfectCondition,
    });
    expect(await coinsOf(player)).toBe(1000);
  });

  it("refuses with 'Not enough coins!' and leaves the bot as it was", async () => {
    const { player } = await playerWithActiveBot({ energy: 10 });
    await setCoins(t.db, player, 99);
    expect(errorOf(await buy(player, "consumable", energyCellId))).toMatchObject({
      status: 409,
      message: messages.notEnoughCoins,
    });
    expect((await botsOf(player))[0]).toMatchObject({ energy: 10 });
  });

  it("charges once when two Energy Cells race for one empty bot", async () => {
    const { player } = await playerWithActiveBot({ energy: 0 });
    const responses = await Promise.all([
      buy(player, "consumable", energyCellId),
      buy(player, "consumable", energyCellId),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await coinsOf(player)).toBe(900);
    await expectLedgerClean(t);
  });
});
