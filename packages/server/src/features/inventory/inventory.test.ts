// Inventory and the equip toggle through the API: one equipped item per player, held by the active bot,
// redrawn with the weapon in hand; unequipping clears the weapon; foreign items are 404.
import { inventoryMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { bots, equipment, inventory } from "../../platform/db/schema";
import { insertBot } from "../bank/economy-test-kit";
import { botsOf, createBot } from "../bots/testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const someId = "7f3c2a10-1111-4222-8333-944455556666";

async function buyGear(player: Player, name: string): Promise<string> {
  const [item] = await t.db.select().from(equipment).where(eq(equipment.name, name));
  const response = await player.post("/api/shop/purchase", { itemType: "equipment", itemId: item!.id });
  if (response.statusCode !== 200) throw new Error(`purchase failed: ${response.body}`);
  return response.json<{ inventoryId: string }>().inventoryId;
}
const toggle = (player: Player, entryId: string) => player.post(`/api/inventory/${entryId}/equip`);
const listOf = async (player: Player) =>
  (await player.get("/api/inventory")).json().items as {
    id: string;
    isEquipped: boolean;
    equippedBot: { id: string; name: string } | null;
    equipment: { id: string; name: string };
  }[];
const botRow = async (id: string) =>
  (
    await t.db
      .select()
      .from(bots)
      .where(eq(bots.id, id as never))
  )[0]!;

describe("without a session", () => {
  it.each([
    ["GET", "/api/inventory"],
    ["POST", `/api/inventory/${someId}/equip`],
  ] as const)("%s %s answers 401", async (method, url) => {
    expect(errorOf(await t.app.inject({ method, url }))).toMatchObject({
      status: 401,
      message: messages.notAuthenticated,
    });
  });
});

describe("the inventory list", () => {
  it("is empty for a new player", async () => {
    const player = await signUp(t.app);
    expect((await player.get("/api/inventory")).json()).toEqual({ items: [] });
  });

  it("shows only the player's own items, with their equipment", async () => {
    const player = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await buyGear(player, "Spark Baton");
    await buyGear(other, "Rivet Repeater");
    const items = await listOf(player);
    expect(items).toMatchObject([
      {
        id: mine,
        isEquipped: false,
        equippedBot: null,
        equipment: { name: "Spark Baton", rarity: "common", ultimateAbilityName: "Static Jolt" },
      },
    ]);
  });
});

describe("equipping", () => {
  it("equips to the active bot, sets its weapon and redraws it holding the weapon", async () => {
    const player = await signUp(t.app);
    const bot = await createBot(player);
    const entry = await buyGear(player, "Pulse Carbine");
    const response = await toggle(player, entry);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      isEquipped: true,
      message: messages.itemEquipped,
      bot: { id: bot.id, imageUrl: expect.any(String) },
    });
    expect(body.bot.imageUrl).not.toBe(bot.imageUrl);
    const [item] = await t.db.select().from(equipment).where(eq(equipment.name, "Pulse Carbine"));
    expect(await botRow(bot.id)).toMatchObject({ equippedWeaponId: item!.id, imageUrl: body.bot.imageUrl });
    expect(await listOf(player)).toMatchObject([
      { id: entry, isEquipped: true, equippedBot: { id: bot.id, name: bot.name } },
    ]);
  });

  it("toggling the equipped item unequips it, clears the weapon and redraws the bot unarmed", async () => {
    const player = await signUp(t.app);
    const bot = await createBot(player);
    const entry = await buyGear(player, "Ion Lance");
    await toggle(player, entry);
    const response = await toggle(player, entry);
    expect(response.json()).toEqual({
      isEquipped: false,
      message: messages.itemUnequipped,
      bot: { id: bot.id, imageUrl: bot.imageUrl },
    });
    expect(await botRow(bot.id)).toMatchObject({ equippedWeaponId: null, imageUrl: bot.imageUrl });
    expect(await listOf(player)).toMatchObject([{ isEquipped: false, equippedBot: null }]);
  });

  it("equipping another item clears the first: one equipped item per player", async () => {
    const player = await signUp(t.app);
    const bot = await createBot(player);
    const first = await buyGear(player, "Ion Lance");
    const second = await buyGear(player, "Spark Baton");
    await toggle(player, first);
    await toggle(player, second);
    const items = await listOf(player);
    expect(items.filter((item) => item.isEquipped).map((item) => item.id)).toEqual([second]);
    const [baton] = await t.db.select().from(equipment).where(eq(equipment.name, "Spark Baton"));
    expect((await botRow(bot.id)).equippedWeaponId).toBe(baton!.id);
  });

  it("moves the weapon to a newly active bot and disarms the one that held it", async () => {
    const player = await signUp(t.app);
    const firstBot = await createBot(player);
    const secondBot = await insertBot(t.db, player, { name: "Second Unit" });
    const first = await buyGear(player, "Ion Lance");
    const second = await buyGear(player, "Spark Baton");
    await toggle(player, first);
    expect((await player.post(`/api/bots/${secondBot.id}/activate`)).statusCode).toBe(200);
    // The old bot keeps its weapon until the slot moves.
    expect(await listOf(player)).toContainEqual(
      expect.objectContaining({ id: first, equippedBot: { id: firstBot.id, name: firstBot.name } }),
    );
    await toggle(player, second);
    expect((await botRow(firstBot.id)).equippedWeaponId).toBeNull();
    expect((await botRow(firstBot.id)).imageUrl).toBe(firstBot.imageUrl);
    expect((await botRow(secondBot.id)).equippedWeaponId).not.toBeNull();
    expect(await listOf(player)).toContainEqual(
      expect.objectContaining({
        id: second,
        isEquipped: true,
        equippedBot: { id: secondBot.id, name: "Second Unit" },
      }),
    );
  });

  it("sends the bot into battle with the weapon, and without it once unequipped", async () => {
    const player = await signUp(t.app);
    await createBot(player);
    const entry = await buyGear(player, "Ion Lance");
    const fightAi = async () => {
      await player.post("/api/arena/ai/opponent");
      const outcome = await player.post("/api/arena/ai/battle");
      return outcome.json<{ battle: { attacker: { weaponName: string | null } } }>().battle;
    };
    await toggle(player, entry);
    expect((await fightAi()).attacker.weaponName).toBe("Ion Lance");
    await toggle(player, entry);
    expect((await fightAi()).attacker.weaponName).toBeNull();
  });

  it("refuses without an active bot: 'You need an active bot to equip weapons'", async () => {
    const player = await signUp(t.app);
    const entry = await buyGear(player, "Spark Baton");
    expect(errorOf(await toggle(player, entry))).toMatchObject({
      status: 409,
      message: messages.needActiveBotToEquip,
    });
    expect(await listOf(player)).toMatchObject([{ isEquipped: false }]);
  });

  it("answers 404 for another player's item and a missing one, 400 for a malformed id, changing nothing", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    await createBot(owner);
    await createBot(intruder);
    const entry = await buyGear(owner, "Spark Baton");
    expect(errorOf(await toggle(intruder, entry))).toMatchObject({
      status: 404,
      message: inventoryMessages.itemNotFound,
    });
    expect(errorOf(await toggle(intruder, someId))).toMatchObject({
      status: 404,
      message: inventoryMessages.itemNotFound,
    });
    expect(errorOf(await toggle(intruder, "nope")).status).toBe(400);
    expect(await listOf(owner)).toMatchObject([{ isEquipped: false }]);
  });

  it("keeps one equipped item and one armed bot when equips race", async () => {
    const player = await signUp(t.app);
    const bot = await createBot(player);
    const entries = [
      await buyGear(player, "Spark Baton"),
      await buyGear(player, "Rivet Repeater"),
      await buyGear(player, "Ion Lance"),
    ];
    const responses = await Promise.all(entries.map((entry) => toggle(player, entry)));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const equipped = (await t.db.select().from(inventory).where(eq(inventory.userId, player.id))).filter(
      (row) => row.isEquipped,
    );
    expect(equipped).toHaveLength(1);
    expect((await botRow(bot.id)).equippedWeaponId).toBe(equipped[0]!.equipmentId);
    expect((await botsOf(player)).filter((b) => b.equippedWeaponId !== null)).toHaveLength(1);
  });
});
