// The marketplace through the API: listing rules and prices, unlisting, one-transaction purchases, the
// price guide, live announcements, and the races (fifty buyers of one listing, a buyer at the 20-bot cap,
// buying what was just unlisted) that must never create a coin, lose one or sell a bot twice.
import { botsMessages, marketplaceMessages } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { connectLive, subscribe } from "../../../test/live-client";
import { raceIt } from "../../../test/race";
import {
  bots,
  coinLedger,
  equipment,
  inventory,
  marketplaceListings,
  marketplaceSales,
} from "../../platform/db/schema";
import { coinsInGame, insertBot } from "../bank/economy-test-kit";
import { botsOf, coinsOf, createBot, expectLedgerClean, giveCoins, setCoins } from "../bots/testing";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const someId = "7f3c2a10-1111-4222-8333-944455556666";

const list = (player: Player, botId: unknown, price: unknown) =>
  player.post("/api/marketplace/listings", { botId, price });
const unlist = (player: Player, listingId: string) =>
  player.request({ method: "DELETE", url: `/api/marketplace/listings/${listingId}` });
const buy = (player: Player, listingId: string) => player.post(`/api/marketplace/listings/${listingId}/buy`);
const listingsSeenBy = async (player: Player) =>
  (await player.get("/api/marketplace")).json().listings as {
    id: string;
    price: number;
    isOwn: boolean;
    seller: { id: string; username: string };
    bot: { id: string };
  }[];
const botRow = async (id: string) =>
  (
    await t.db
      .select()
      .from(bots)
      .where(eq(bots.id, id as never))
  )[0];

/** A seller with an active first bot and a ready, inactive bot listed at `price`. */
async function sellerWithListing(price = 300, shape: Parameters<typeof insertBot>[2] = {}) {
  const seller = await signUp(t.app);
  await createBot(seller);
  const bot = await insertBot(t.db, seller, { name: "Market Unit", wins: 7, losses: 3, ...shape });
  const response = await list(seller, bot.id, price);
  if (response.statusCode !== 201) throw new Error(`listing failed: ${response.body}`);
  return { seller, bot, listingId: response.json().listing.id as string };
}

describe("without a session", () => {
  it.each([
    ["GET", "/api/marketplace"],
    ["GET", "/api/marketplace/price-guide?rarity=common&level=1"],
    ["POST", "/api/marketplace/listings"],
    ["DELETE", `/api/marketplace/listings/${someId}`],
    ["POST", `/api/marketplace/listings/${someId}/buy`],
    ["GET", `/api/marketplace/listings/${someId}/battles`],
  ] as const)("%s %s answers 401", async (method, url) => {
    expect(errorOf(await t.app.inject({ method, url, payload: {} }))).toMatchObject({
      status: 401,
      message: messages.notAuthenticated,
    });
  });
});

describe("listing a bot", () => {
  it("lists a ready, inactive bot: 'Bot listed for sale!', seen by everyone, 'own' only for the seller", async () => {
    const seller = await signUp(t.app);
    await createBot(seller);
    const bot = await insertBot(t.db, seller, {
      name: "Sale Unit",
      rarity: "rare",
      level: 4,
      wins: 9,
      losses: 2,
    });
    const response = await list(seller, bot.id, 750);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(messages.botListed);
    expect(body.listing).toMatchObject({
      price: 750,
      isOwn: true,
      seller: { id: seller.id, username: seller.me.username },
      bot: {
        id: bot.id,
        name: "Sale Unit",
        rarity: "rare",
        botClass: "hero",
        level: 4,
        wins: 9,
        losses: 2,
        strength: 10,
      },
    });
    const viewer = await signUp(t.app);
    expect((await listingsSeenBy(viewer)).find((l) => l.id === body.listing.id)).toMatchObject({
      isOwn: false,
      price: 750,
    });
    expect((await botsOf(seller)).find((b) => b.id === bot.id)).toMatchObject({ isListed: true });
  });

  it.each([
    ["a zero price", 0],
    ["a negative price", -5],
    ["a fractional price", 10.5],
    ["a text price", "100"],
    ["a word", "cheap"],
    ["no price", null],
    ["a price above a billion", 1_000_000_001],
    ["an unsafe integer", 2 ** 60],
  ])("refuses %s with 'Please select a bot and enter a valid price'", async (_, price) => {
    const seller = await signUp(t.app);
    const bot = await insertBot(t.db, seller);
    expect(errorOf(await list(seller, bot.id, price))).toMatchObject({
      status: 400,
      message: messages.invalidListing,
    });
  });

  it("refuses a missing or malformed bot id with the same message", async () => {
    const seller = await signUp(t.app);
    expect(errorOf(await list(seller, undefined, 100))).toMatchObject({
      status: 400,
      message: messages.invalidListing,
    });
    expect(errorOf(await list(seller, "", 100))).toMatchObject({
      status: 400,
      message: messages.invalidListing,
    });
  });

  it("answers 404 'Bot not found' for another player's bot and a missing one", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const bot = await insertBot(t.db, owner);
    expect(errorOf(await list(intruder, bot.id, 100))).toMatchObject({
      status: 404,
      message: messages.botNotFound,
    });
    expect(errorOf(await list(intruder, someId, 100))).toMatchObject({
      status: 404,
      message: messages.botNotFound,
    });
  });

  it("refuses the active bot, a bot listed already and a bot still awaiting its name", async () => {
    const seller = await signUp(t.app);
    const active = await createBot(seller);
    expect(errorOf(await list(seller, active.id, 100))).toMatchObject({
      status: 409,
      message: messages.cannotListActive,
    });
    const bot = await insertBot(t.db, seller);
    await list(seller, bot.id, 100);
    expect(errorOf(await list(seller, bot.id, 200))).toMatchObject({
      status: 409,
      message: messages.botAlreadyListed,
    });
    const unnamed = await insertBot(t.db, seller, { name: "Nova S-4 (Unnamed)", statPointsAllocated: false });
    expect(errorOf(await list(seller, unnamed.id, 100))).toMatchObject({
      status: 409,
      message: marketplaceMessages.finishSetupFirst,
    });
  });

  it("locks a listed bot against activation until it is unlisted", async () => {
    const { seller, bot, listingId } = await sellerWithListing();
    expect(errorOf(await seller.post(`/api/bots/${bot.id}/activate`))).toMatchObject({
      status: 409,
      message: botsMessages.botListed,
    });
    expect((await unlist(seller, listingId)).json()).toEqual({ message: messages.listingCancelled });
    expect((await seller.post(`/api/bots/${bot.id}/activate`)).statusCode).toBe(200);
  });

  it("lists a bot once when the same listing is sent twice at once", async () => {
    const seller = await signUp(t.app);
    const bot = await insertBot(t.db, seller);
    const responses = await Promise.all([list(seller, bot.id, 100), list(seller, bot.id, 120)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.botId, bot.id)),
    ).toHaveLength(1);
  });
});

describe("unlisting", () => {
  it("only the seller may unlist; anyone else, and a second try, get 404", async () => {
    const { seller, listingId } = await sellerWithListing();
    const other = await signUp(t.app);
    expect(errorOf(await unlist(other, listingId))).toMatchObject({
      status: 404,
      message: marketplaceMessages.listingGone,
    });
    expect((await unlist(seller, listingId)).statusCode).toBe(200);
    expect(errorOf(await unlist(seller, listingId))).toMatchObject({
      status: 404,
      message: marketplaceMessages.listingGone,
    });
    expect(errorOf(await unlist(seller, "nope")).status).toBe(400);
  });
});

describe("buying", () => {
  it("moves the coins buyer -> seller, hands the bot over inactive, removes the listing and records the sale", async () => {
    const { seller, bot, listingId } = await sellerWithListing(300, { rarity: "uncommon", level: 7 });
    const buyer = await signUp(t.app);
    const response = await buy(buyer, listingId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      newCoinBalance: 700,
      botId: bot.id,
      message: messages.purchaseSuccessful,
    });
    expect(await coinsOf(seller)).toBe(1300);
    expect(await botRow(bot.id)).toMatchObject({ userId: buyer.id, isActive: false, equippedWeaponId: null });
    expect((await botsOf(buyer)).map((b) => b.id)).toEqual([bot.id]);
    expect(
      await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, listingId)),
    ).toEqual([]);
    const [sale] = await t.db.select().from(marketplaceSales).where(eq(marketplaceSales.botId, bot.id));
    expect(sale).toMatchObject({
      sellerId: seller.id,
      buyerId: buyer.id,
      rarity: "uncommon",
      level: 7,
      price: 300,
    });
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.refId, sale!.id));
    expect(ledger.map((row) => [row.userId, row.delta, row.reason]).sort()).toEqual(
      [
        [buyer.id, -300, "marketplace_purchase"],
        [seller.id, 300, "marketplace_sale"],
      ].sort(),
    );
    await expectLedgerClean(t);
  });

  it("takes the seller's weapon off the sold bot and unequips the item", async () => {
    const seller = await signUp(t.app);
    await createBot(seller);
    const bot = await insertBot(t.db, seller);
    const [item] = await t.db.select().from(equipment).where(eq(equipment.name, "Spark Baton"));
    const [entry] = await t.db
      .insert(inventory)
      .values({ userId: seller.id, equipmentId: item!.id, isEquipped: true })
      .returning();
    await t.db.update(bots).set({ equippedWeaponId: item!.id }).where(eq(bots.id, bot.id));
    const listingId = (await list(seller, bot.id, 50)).json().listing.id;
    await buy(await signUp(t.app), listingId);
    expect((await botRow(bot.id))?.equippedWeaponId).toBeNull();
    expect((await t.db.select().from(inventory).where(eq(inventory.id, entry!.id)))[0]).toMatchObject({
      isEquipped: false,
      userId: seller.id,
    });
  });

  it("refuses the seller's own listing", async () => {
    const { seller, listingId } = await sellerWithListing();
    expect(errorOf(await buy(seller, listingId))).toMatchObject({
      status: 409,
      message: messages.cannotBuyOwn,
    });
  });

  it("refuses a buyer who cannot pay, changing nothing", async () => {
    const { seller, bot, listingId } = await sellerWithListing(500);
    const buyer = await signUp(t.app);
    await setCoins(t.db, buyer, 499);
    expect(errorOf(await buy(buyer, listingId))).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_COINS",
      message: messages.notEnoughCoins,
    });
    expect(await coinsOf(buyer)).toBe(499);
    expect(await coinsOf(seller)).toBe(1000);
    expect((await botRow(bot.id))?.userId).toBe(seller.id);
  });

  it("refuses a sale past the seller's coin maximum: the buyer keeps their coins and the listing stays", async () => {
    const { seller, bot, listingId } = await sellerWithListing(300);
    // One coin too many: 999,999,999,701 + 300 = 1,000,000,000,001.
    await setCoins(t.db, seller, 999_999_999_701);
    const buyer = await signUp(t.app);
    expect(errorOf(await buy(buyer, listingId))).toEqual({
      status: 409,
      code: "LIMIT_REACHED",
      message: "That would take the seller's wallet past the 1,000,000,000,000 coin maximum.",
    });
    expect(await coinsOf(buyer)).toBe(1000);
    expect(await coinsOf(seller)).toBe(999_999_999_701);
    expect(await botRow(bot.id)).toMatchObject({ userId: seller.id });
    expect(
      await t.db.select().from(marketplaceListings).where(eq(marketplaceListings.id, listingId)),
    ).toHaveLength(1);
    expect(await t.db.select().from(marketplaceSales).where(eq(marketplaceSales.botId, bot.id))).toEqual([]);
    expect(
      await t.db.select().from(coinLedger).where(eq(coinLedger.reason, "marketplace_purchase")),
    ).not.toContainEqual(expect.objectContaining({ userId: buyer.id }));
    await expectLedgerClean(t);
  });

  it("refuses a buyer who already has 20 bots: 'Maximum 20 bots allowed!'", async () => {
    const { listingId } = await sellerWithListing(10);
    const buyer = await signUp(t.app);
    for (let i = 0; i < 20; i++) await insertBot(t.db, buyer);
    expect(errorOf(await buy(buyer, listingId))).toMatchObject({ status: 409, message: messages.maxBots });
    expect(await coinsOf(buyer)).toBe(1000);
  });

  it("answers 404 for a listing just unlisted or just sold", async () => {
    const first = await sellerWithListing();
    await unlist(first.seller, first.listingId);
    const buyer = await signUp(t.app);
    expect(errorOf(await buy(buyer, first.listingId))).toMatchObject({
      status: 404,
      message: marketplaceMessages.listingGone,
    });
    const second = await sellerWithListing();
    await buy(await signUp(t.app), second.listingId);
    expect(errorOf(await buy(buyer, second.listingId))).toMatchObject({
      status: 404,
      message: marketplaceMessages.listingGone,
    });
    expect(await coinsOf(buyer)).toBe(1000);
  });

  it("announces listings as they appear and go on the marketplace channel", async () => {
    const watcher = await signUp(t.app);
    const client = await connectLive(baseUrl, watcher.cookie);
    await subscribe(client, ["marketplace"]);
    const { seller, listingId } = await sellerWithListing();
    expect(await client.nextEvent("listed")).toMatchObject({ channel: "marketplace", data: { listingId } });
    await unlist(seller, listingId);
    expect(await client.nextEvent("unlisted")).toMatchObject({ data: { listingId } });
    const again = await sellerWithListing();
    await buy(watcher, again.listingId);
    expect(await client.nextEvent("sold")).toMatchObject({ data: { listingId: again.listingId } });
    client.close();
  });
});

describe("a listing's battle record", () => {
  it("shows any player the listed bot's last battles, seen from its side", async () => {
    const seller = await signUp(t.app);
    const veteran = await createBot(seller);
    expect((await seller.post("/api/arena/ai/opponent")).statusCode).toBe(200);
    const fought = await seller.post("/api/arena/ai/battle");
    expect(fought.statusCode).toBe(200);
    const spare = await insertBot(t.db, seller);
    await seller.post(`/api/bots/${spare.id}/activate`);
    const listingId = (await list(seller, veteran.id, 500)).json().listing.id;
    const viewer = await signUp(t.app);
    const { battles } = (await viewer.get(`/api/marketplace/listings/${listingId}/battles`)).json();
    expect(battles).toHaveLength(1);
    expect(battles[0]).toMatchObject({
      id: expect.any(String),
      kind: "ai",
      side: "attacker",
      won: expect.any(Boolean),
    });
    expect((await viewer.get(`/api/battles/${battles[0].id}`)).statusCode).toBe(200);
    await unlist(seller, listingId);
    expect(errorOf(await viewer.get(`/api/marketplace/listings/${listingId}/battles`))).toMatchObject({
      status: 404,
      message: marketplaceMessages.listingGone,
    });
  });
});

describe("races", () => {
  it("sells one listing to exactly one of fifty parallel buyers; everyone else keeps their coins", async () => {
    const { seller, bot, listingId } = await sellerWithListing(400);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
    const before = await coinsInGame(t.db);
    const responses = await Promise.all(buyers.map((buyer) => buy(buyer, listingId)));
    const winners = responses.flatMap((r, i) => (r.statusCode === 200 ? [buyers[i]!] : []));
    expect(winners).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(r)).toMatchObject({ status: 404, message: marketplaceMessages.listingGone });
    }
    const balances = await Promise.all(buyers.map(coinsOf));
    expect(balances.filter((coins) => coins === 600)).toHaveLength(1);
    expect(balances.filter((coins) => coins === 1000)).toHaveLength(49);
    expect(await coinsOf(seller)).toBe(1400);
    expect((await botRow(bot.id))?.userId).toBe(winners[0]!.id);
    expect(await t.db.select().from(marketplaceSales).where(eq(marketplaceSales.botId, bot.id))).toHaveLength(
      1,
    );
    expect(await coinsInGame(t.db)).toBe(before);
    await expectLedgerClean(t);
  });

  it("never lets a buyer at 19 bots pass 20 by buying two listings at once", async () => {
    const a = await sellerWithListing(10);
    const b = await sellerWithListing(10);
    const buyer = await signUp(t.app);
    for (let i = 0; i < 19; i++) await insertBot(t.db, buyer);
    const responses = await Promise.all([buy(buyer, a.listingId), buy(buyer, b.listingId)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await botsOf(buyer)).toHaveLength(20);
    await expectLedgerClean(t);
  });

  it("settles an unlist racing a purchase one way or the other, never both", async () => {
    for (let round = 0; round < 5; round++) {
      const { seller, bot, listingId } = await sellerWithListing(100);
      const buyer = await signUp(t.app);
      const [unlisted, bought] = await Promise.all([unlist(seller, listingId), buy(buyer, listingId)]);
      expect([unlisted.statusCode, bought.statusCode].sort()).toEqual([200, 404]);
      const owner = (await botRow(bot.id))?.userId;
      if (bought.statusCode === 200) {
        expect(owner).toBe(buyer.id);
        expect(await coinsOf(seller)).toBe(1100);
      } else {
        expect(owner).toBe(seller.id);
        expect(await coinsOf(buyer)).toBe(1000);
      }
    }
    await expectLedgerClean(t);
  });

  raceIt("lets two players buy from each other at the same moment without a deadlock", async () => {
    const ann = await sellerWithListing(100);
    const bob = await sellerWithListing(100);
    const responses = await Promise.all([buy(ann.seller, bob.listingId), buy(bob.seller, ann.listingId)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await coinsOf(ann.seller)).toBe(1000);
    expect(await coinsOf(bob.seller)).toBe(1000);
    await expectLedgerClean(t);
  });
});

describe("price guide", () => {
  it("gives the median of recent sales of the rarity in the level band, or null when there are none", async () => {
    const rarity = "legendary";
    for (const [level, price] of [
      [26, 900],
      [27, 1500],
      [30, 1200],
      [31, 99_999],
    ] as const) {
      const { listingId } = await sellerWithListing(price, { rarity, level });
      const buyer = await signUp(t.app);
      await giveCoins(t.db, buyer, price);
      expect((await buy(buyer, listingId)).statusCode).toBe(200);
    }
    const viewer = await signUp(t.app);
    expect((await viewer.get(`/api/marketplace/price-guide?rarity=${rarity}&level=28`)).json()).toEqual({
      rarity,
      minLevel: 26,
      maxLevel: 30,
      median: 1200,
      sales: 3,
      days: 30,
    });
    expect((await viewer.get("/api/marketplace/price-guide?rarity=diamond&level=3")).json()).toMatchObject({
      minLevel: 1,
      maxLevel: 5,
      median: null,
      sales: 0,
    });
    expect((await viewer.get("/api/marketplace/price-guide?rarity=shiny&level=3")).statusCode).toBe(400);
    expect((await viewer.get("/api/marketplace/price-guide?rarity=rare&level=0")).statusCode).toBe(400);
  });
});

describe("the listings grid", () => {
  it("shows the newest first and marks the seller's username", async () => {
    const older = await sellerWithListing(111);
    const newer = await sellerWithListing(222);
    const ids = (await listingsSeenBy(older.seller)).map((l) => l.id);
    expect(ids.indexOf(newer.listingId)).toBeLessThan(ids.indexOf(older.listingId));
    const rows = await t.db
      .select()
      .from(marketplaceListings)
      .where(
        and(eq(marketplaceListings.id, newer.listingId), eq(marketplaceListings.sellerId, newer.seller.id)),
      );
    expect(rows).toHaveLength(1);
  });
});
