// Fusion through the API: two ready bots of one rarity become one of the next rarity with the spec's stats,
// a claimed library image and a placeholder name; every refusal leaves both parents untouched; races with a
// sale or another fusion never lose or duplicate a bot.
import { botsMessages, fusionMessages, marketplaceMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { botImageLibrary, bots, equipment, inventory, marketplaceListings } from "../../platform/db/schema";
import { coinsInGame, insertBot } from "../bank/economy-test-kit";
import { addLibraryImages } from "../bots/images";
import { botsOf, createBot, expectLedgerClean } from "../bots/testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The library the fusions draw from: a few images per class of the two rarities these tests make.
  for (const rarity of ["uncommon", "diamond"] as const) {
    for (const botClass of ["hero", "villain", "support"] as const) {
      await addLibraryImages(t.db, { rarity, botClass, amount: 8 }, { media: t.app.media });
    }
  }
});
afterAll(() => t.close());

const fuse = (player: Player, bot1Id: unknown, bot2Id: unknown) =>
  player.post("/api/fusion", { bot1Id, bot2Id });
const existing = async (ids: string[]) =>
  (
    await t.db
      .select({ id: bots.id })
      .from(bots)
      .where(inArray(bots.id, ids as never[]))
  ).map((row) => row.id);

/** A player with an active first bot and two ready, inactive bots of the given shapes. */
async function playerWithPair(
  first: Parameters<typeof insertBot>[2] = {},
  second: Parameters<typeof insertBot>[2] = {},
) {
  const player = await signUp(t.app);
  await createBot(player);
  const a = await insertBot(t.db, player, first);
  const b = await insertBot(t.db, player, second);
  return { player, a, b };
}

it("answers 401 without a session", async () => {
  expect(errorOf(await t.app.inject({ method: "POST", url: "/api/fusion", payload: {} }))).toMatchObject({
    status: 401,
  });
});

describe("a fusion", () => {
  it("makes one bot a rung up with 80% of the summed stats, the higher level and the first bot's looks", async () => {
    const { player, a, b } = await playerWithPair(
      {
        model: "Nova S-4",
        class: "support",
        colorPrimary: "#ff00aa",
        colorSecondary: "#220044",
        level: 3,
        strength: 11,
        agility: 9,
        defense: 14,
        intelligence: 7,
        wins: 5,
      },
      {
        model: "Defender Z-9",
        class: "villain",
        level: 6,
        strength: 12,
        agility: 10,
        defense: 8,
        intelligence: 13,
      },
    );
    const response = await fuse(player, a.id, b.id);
    expect(response.statusCode).toBe(201);
    const { bot, message } = response.json();
    expect(message).toBe(messages.fusionSuccessful);
    expect(bot).toMatchObject({
      name: "Nova S-4 (Unnamed)",
      setupStage: "name",
      rarity: "uncommon",
      model: "Nova S-4",
      botClass: "support",
      colorPrimary: "#ff00aa",
      colorSecondary: "#220044",
      level: 6,
      xp: 0,
      wins: 0,
      losses: 0,
      strength: Math.floor(23 * 0.8),
      agility: Math.floor(19 * 0.8),
      defense: Math.floor(22 * 0.8),
      intelligence: Math.floor(20 * 0.8),
      isActive: false,
      energy: 100,
      durability: 100,
      equippedWeaponId: null,
      imageUrl: expect.any(String),
    });
    expect(await existing([a.id, b.id])).toEqual([]);
    const [image] = await t.db
      .select()
      .from(botImageLibrary)
      .where(eq(botImageLibrary.imageUrl, bot.imageUrl));
    expect(image).toMatchObject({
      rarity: "uncommon",
      isClaimed: true,
      botClass: "support",
      model: "Nova S-4",
    });
    expect((await botsOf(player)).map((b) => b.id)).toContain(bot.id);
  });

  it("is then named through /api/bots/:id/name like a summoned bot", async () => {
    const { player, a, b } = await playerWithPair();
    const { bot } = (await fuse(player, a.id, b.id)).json();
    const named = await player.post(`/api/bots/${bot.id}/name`, { name: "Twin Fury" });
    expect(named.statusCode).toBe(200);
    // The library image shown in the fusion chamber stays: naming does not redraw a fused bot.
    expect(named.json()).toMatchObject({
      id: bot.id,
      name: "Twin Fury",
      setupStage: null,
      imageUrl: bot.imageUrl,
    });
  });

  it("makes a diamond from two level-25 legendaries, keeping 100% of the stats", async () => {
    const { player, a, b } = await playerWithPair(
      { rarity: "legendary", level: 25, strength: 20, agility: 21, defense: 22, intelligence: 23 },
      { rarity: "legendary", level: 31, strength: 19, agility: 18, defense: 17, intelligence: 16 },
    );
    const { bot } = (await fuse(player, a.id, b.id)).json();
    expect(bot).toMatchObject({
      rarity: "diamond",
      level: 31,
      strength: 39,
      agility: 39,
      defense: 39,
      intelligence: 39,
    });
  });

  it("takes the parents' weapon off and unequips the item", async () => {
    const { player, a, b } = await playerWithPair();
    const [item] = await t.db.select().from(equipment).where(eq(equipment.name, "Spark Baton"));
    const [entry] = await t.db
      .insert(inventory)
      .values({ userId: player.id, equipmentId: item!.id, isEquipped: true })
      .returning();
    await t.db.update(bots).set({ equippedWeaponId: item!.id }).where(eq(bots.id, a.id));
    const { bot } = (await fuse(player, a.id, b.id)).json();
    expect(bot.equippedWeaponId).toBeNull();
    expect((await t.db.select().from(inventory).where(eq(inventory.id, entry!.id)))[0]).toMatchObject({
      isEquipped: false,
    });
  });
});

describe("refusals leave both bots as they were", () => {
  it.each([
    ["two different rarities", { rarity: "common" }, { rarity: "uncommon" }],
    ["two rares", { rarity: "rare" }, { rarity: "rare" }],
    ["two diamonds", { rarity: "diamond" }, { rarity: "diamond" }],
    ["legendaries below level 25", { rarity: "legendary", level: 25 }, { rarity: "legendary", level: 24 }],
  ] as const)("'Cannot fuse these bots!' for %s", async (_, first, second) => {
    const { player, a, b } = await playerWithPair(first, second);
    expect(errorOf(await fuse(player, a.id, b.id))).toMatchObject({
      status: 409,
      message: messages.cannotFuse,
    });
    expect((await existing([a.id, b.id])).sort()).toEqual([a.id, b.id].sort());
  });

  it("'Cannot fuse these bots!' for one bot twice", async () => {
    const { player, a } = await playerWithPair();
    expect(errorOf(await fuse(player, a.id, a.id))).toMatchObject({
      status: 409,
      message: messages.cannotFuse,
    });
  });

  it("refuses ids that are not ids", async () => {
    const { player, a } = await playerWithPair();
    expect(errorOf(await fuse(player, a.id, "nope"))).toMatchObject({
      status: 400,
      message: messages.cannotFuse,
    });
    expect(errorOf(await fuse(player, a.id, 42))).toMatchObject({ status: 400 });
  });

  it("answers 404 'Bot not found' when either bot is someone else's", async () => {
    const { player, a } = await playerWithPair();
    const other = await playerWithPair();
    expect(errorOf(await fuse(player, a.id, other.a.id))).toMatchObject({
      status: 404,
      message: messages.botNotFound,
    });
    expect(await existing([a.id, other.a.id])).toHaveLength(2);
  });

  it("refuses the active bot: 'Cannot fuse your active bot!'", async () => {
    const player = await signUp(t.app);
    const active = await createBot(player);
    const other = await insertBot(t.db, player);
    expect(errorOf(await fuse(player, active.id, other.id))).toMatchObject({
      status: 409,
      message: fusionMessages.cannotFuseActive,
    });
    expect(errorOf(await fuse(player, other.id, active.id))).toMatchObject({
      status: 409,
      message: fusionMessages.cannotFuseActive,
    });
  });

  it("refuses a bot listed on the marketplace", async () => {
    const { player, a, b } = await playerWithPair();
    await t.db.insert(marketplaceListings).values({ botId: b.id, sellerId: player.id, price: 100 });
    expect(errorOf(await fuse(player, a.id, b.id))).toMatchObject({
      status: 409,
      message: botsMessages.botListed,
    });
  });

  it("refuses a bot still awaiting its name or bonus points", async () => {
    const { player, a, b } = await playerWithPair(
      {},
      { name: "Striker X-1 (Unnamed)", statPointsAllocated: false },
    );
    expect(errorOf(await fuse(player, a.id, b.id))).toMatchObject({
      status: 409,
      message: fusionMessages.finishSetupFirst,
    });
  });

  it("'No images available for <rarity> rarity. Please contact admin.' when the library is out", async () => {
    const { player, a, b } = await playerWithPair(
      { rarity: "legendary", level: 30 },
      { rarity: "legendary", level: 30 },
    );
    const reserved = await t.db
      .update(botImageLibrary)
      .set({ isClaimed: true })
      .where(and(eq(botImageLibrary.rarity, "diamond"), eq(botImageLibrary.isClaimed, false)))
      .returning({ id: botImageLibrary.id });
    try {
      expect(errorOf(await fuse(player, a.id, b.id))).toMatchObject({
        status: 409,
        message: "No images available for diamond rarity. Please contact admin.",
      });
      expect(await existing([a.id, b.id])).toHaveLength(2);
    } finally {
      await t.db
        .update(botImageLibrary)
        .set({ isClaimed: false })
        .where(
          inArray(
            botImageLibrary.id,
            reserved.map((r) => r.id),
          ),
        );
    }
  });
});

describe("races", () => {
  it("fusing a bot that is being sold: either the sale or the refusal, never a lost coin or a doubled bot", async () => {
    for (let round = 0; round < 4; round++) {
      const { player, a, b } = await playerWithPair();
      const listed = await player.post("/api/marketplace/listings", { botId: b.id, price: 100 });
      const listingId = listed.json().listing.id;
      const buyer = await signUp(t.app);
      const before = await coinsInGame(t.db);
      const [fused, bought] = await Promise.all([
        fuse(player, a.id, b.id),
        buyer.post(`/api/marketplace/listings/${listingId}/buy`),
      ]);
      expect(bought.statusCode).toBe(200);
      expect(errorOf(fused).status).toBeGreaterThanOrEqual(404);
      expect([botsMessages.botListed, messages.botNotFound]).toContain(errorOf(fused).message);
      expect((await t.db.select().from(bots).where(eq(bots.id, b.id)))[0]?.userId).toBe(buyer.id);
      expect(await existing([a.id])).toEqual([a.id]);
      expect(await coinsInGame(t.db)).toBe(before);
    }
    await expectLedgerClean(t);
  });

  it("an unlist racing a fusion never fuses a listed bot", async () => {
    const { player, a, b } = await playerWithPair();
    const listingId = (await player.post("/api/marketplace/listings", { botId: b.id, price: 100 })).json()
      .listing.id;
    const [unlisted, fused] = await Promise.all([
      player.request({ method: "DELETE", url: `/api/marketplace/listings/${listingId}` }),
      fuse(player, a.id, b.id),
    ]);
    expect(unlisted.statusCode).toBe(200);
    if (fused.statusCode !== 201) expect(errorOf(fused).message).toBe(botsMessages.botListed);
    expect(await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.botId, b.id))).toEqual(
      [],
    );
    expect(errorOf(await player.post(`/api/marketplace/listings/${listingId}/buy`)).message).toBe(
      marketplaceMessages.listingGone,
    );
  });

  it("two fusions sharing a bot: one makes the new bot, the other finds its bot gone", async () => {
    const player = await signUp(t.app);
    await createBot(player);
    const [a, b, c] = [
      await insertBot(t.db, player),
      await insertBot(t.db, player),
      await insertBot(t.db, player),
    ];
    const responses = await Promise.all([fuse(player, a.id, b.id), fuse(player, a.id, c.id)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 404]);
    expect(await botsOf(player)).toHaveLength(3);
  });
});
