// POST /api/bots/:id/customize and its preview: who may, every refusal with its message, and the fees exactly
// (free the first time; then 0, 5, 5 or 10 for what really changed), charged through the ledger.
import { botsMessages, type CustomizeResponse } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { coinLedger } from "../../platform/db/schema";
import {
  coinsOf,
  createBot,
  expectLedgerClean,
  finishSetup,
  listOnMarket,
  setCoins,
  summonFor,
} from "../bots/testing";

let t: TestApp;
let owner: Player;
let stranger: Player;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
});
afterAll(() => t.close());

const customize = (as: Player, botId: string, body: unknown) => as.post(`/api/bots/${botId}/customize`, body);

async function customized(as: Player, botId: string, body: unknown): Promise<CustomizeResponse> {
  const response = await customize(as, botId, body);
  if (response.statusCode !== 200)
    throw new Error(`customize failed: ${response.statusCode} ${response.body}`);
  return response.json<CustomizeResponse>();
}

async function freshPlayerWithBot() {
  const player = await signUp(t.app);
  const bot = await createBot(player, { name: "Sparky" });
  return { player, bot };
}

const feesOf = (player: Player) =>
  t.db
    .select({ delta: coinLedger.delta, refId: coinLedger.refId })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, player.id), eq(coinLedger.reason, "customization")));

describe("POST /api/bots/:id/customize: who may", () => {
  it("needs a session", async () => {
    const { bot } = await freshPlayerWithBot();
    const response = await t.app.inject({
      method: "POST",
      url: `/api/bots/${bot.id}/customize`,
      payload: { name: "Bolt", colorScheme: "Gold" },
    });
    expect(errorOf(response)).toMatchObject({ status: 401, message: messages.notAuthenticated });
  });

  it("refuses someone else's bot and a made-up id as not found", async () => {
    const { bot } = await freshPlayerWithBot();
    expect(errorOf(await customize(stranger, bot.id, { colorScheme: "Gold" }))).toMatchObject({
      status: 404,
      message: messages.botNotFound,
    });
    expect(errorOf(await customize(owner, "not-a-bot", { colorScheme: "Gold" }))).toMatchObject({
      status: 404,
      message: messages.botNotFound,
    });
  });

  it("refuses a bot listed on the marketplace", async () => {
    const { player, bot } = await freshPlayerWithBot();
    await listOnMarket(t.db, player, bot.id);
    expect(errorOf(await customize(player, bot.id, { name: "Bolt", colorScheme: null }))).toMatchObject({
      status: 409,
      message: botsMessages.botListed,
    });
  });

  it("refuses a summoned bot that has not been named yet", async () => {
    const player = await signUp(t.app);
    await createBot(player);
    const { botIds } = await summonFor(player, 1);
    expect(errorOf(await customize(player, botIds[0]!, { colorScheme: "Gold" }))).toMatchObject({
      status: 409,
      message: botsMessages.nameFirst,
    });
  });
});

describe("POST /api/bots/:id/customize: input", () => {
  it("refuses an unknown colour scheme, a name over 30 characters and a placeholder name", async () => {
    const { player, bot } = await freshPlayerWithBot();
    expect(errorOf(await customize(player, bot.id, { colorScheme: "Cyber Blue" }))).toMatchObject({
      status: 400,
      message: messages.unknownColorScheme,
    });
    expect(
      errorOf(await customize(player, bot.id, { name: "n".repeat(31), colorScheme: null })),
    ).toMatchObject({ status: 400, message: "Name must be at most 30 characters" });
    expect(
      errorOf(await customize(player, bot.id, { name: "Striker X-1 (Unnamed)", colorScheme: null })),
    ).toMatchObject({ status: 400, message: botsMessages.placeholderName });
  });

  it("takes exactly 30 characters", async () => {
    const { player, bot } = await freshPlayerWithBot();
    const result = await customized(player, bot.id, { name: "n".repeat(30), colorScheme: null });
    expect(result.bot.name).toBe("n".repeat(30));
  });
});

describe("POST /api/bots/:id/customize: fees", () => {
  it("is free the first time, saves name and colours and redraws the image", async () => {
    const { player, bot } = await freshPlayerWithBot();
    expect(bot.isCustomized).toBe(false);
    const result = await customized(player, bot.id, { name: "  Bolt  ", colorScheme: "Gold" });
    expect(result).toMatchObject({
      cost: 0,
      changes: [],
      firstCustomization: true,
      newCoinBalance: 1000,
      imageGenerated: true,
      message: "Bolt customized!",
    });
    expect(result.bot).toMatchObject({
      name: "Bolt",
      colorPrimary: "#ffd700",
      colorSecondary: "#b8860b",
      isCustomized: true,
    });
    expect(result.bot.imageUrl).not.toBe(bot.imageUrl);
    expect(await coinsOf(player)).toBe(1000);
    expect(await feesOf(player)).toEqual([]);
  });

  it("an empty name keeps the old one, the first time too", async () => {
    const { player, bot } = await freshPlayerWithBot();
    const result = await customized(player, bot.id, { name: "   ", colorScheme: "Emerald" });
    expect(result.bot.name).toBe("Sparky");
    expect(result.cost).toBe(0);
  });

  it("charges 0, 5, 5 and 10 for nothing, a rename, new colours, and both", async () => {
    const { player, bot } = await freshPlayerWithBot();
    await customized(player, bot.id, { name: "Bolt", colorScheme: "Gold" });

    const nothing = await customized(player, bot.id, { name: "Bolt", colorScheme: "Gold" });
    expect(nothing).toMatchObject({ cost: 0, changes: [], firstCustomization: false, newCoinBalance: 1000 });
    expect(nothing.message).toBe("No changes to save");

    const rename = await customized(player, bot.id, { name: "Volt", colorScheme: null });
    expect(rename).toMatchObject({
      cost: 5,
      changes: ["rename"],
      newCoinBalance: 995,
      message: "Volt saved",
    });

    const colours = await customized(player, bot.id, { colorScheme: "Pink" });
    expect(colours).toMatchObject({ cost: 5, changes: ["color change"], newCoinBalance: 990 });
    expect(colours.bot).toMatchObject({ name: "Volt", colorPrimary: "#ff69b4" });

    const both = await customized(player, bot.id, { name: "Ampere", colorScheme: "Cyan" });
    expect(both).toMatchObject({ cost: 10, changes: ["rename", "color change"], newCoinBalance: 980 });

    expect(await coinsOf(player)).toBe(980);
    const fees = await feesOf(player);
    expect(fees.map((f) => f.delta).sort()).toEqual([-10, -5, -5]);
    expect(fees.every((f) => f.refId === bot.id)).toBe(true);
    await expectLedgerClean(t);
  });

  it("short of coins: 'Insufficient coins' with what the coins were for, and nothing changes", async () => {
    const { player, bot } = await freshPlayerWithBot();
    await customized(player, bot.id, { name: "Bolt", colorScheme: "Gold" });
    await setCoins(t.db, player, 9);
    const response = await customize(player, bot.id, { name: "Volt", colorScheme: "Violet" });
    expect(errorOf(response)).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_COINS",
      message: "Insufficient coins",
      fields: { detail: "You need 10 coins for: rename, color change" },
    });
    const five = await customized(player, bot.id, { name: "Volt", colorScheme: null });
    expect(five.newCoinBalance).toBe(4);
    await expectLedgerClean(t);
  });
});

describe("GET /api/bots/:id/customize/preview.svg", () => {
  it("draws the player's bot with the chosen scheme, stores nothing", async () => {
    const { player, bot } = await freshPlayerWithBot();
    const response = await player.get(
      `/api/bots/${bot.id}/customize/preview.svg?name=Bolt&colorScheme=Crimson`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("image/svg+xml");
    expect(response.body).toContain("<svg");
    expect(response.body.toLowerCase()).toContain("#dc143c");
    const bots = (await player.get("/api/bots")).json<{ bots: { imageUrl: string | null }[] }>().bots;
    expect(bots[0]!.imageUrl).toBe(bot.imageUrl);
  });

  it("refuses someone else's bot, an unknown scheme and no session", async () => {
    const { bot } = await freshPlayerWithBot();
    expect(errorOf(await stranger.get(`/api/bots/${bot.id}/customize/preview.svg`))).toMatchObject({
      status: 404,
      message: messages.botNotFound,
    });
    const { player, bot: own } = await freshPlayerWithBot();
    expect(
      errorOf(await player.get(`/api/bots/${own.id}/customize/preview.svg?colorScheme=Plaid`)),
    ).toMatchObject({ status: 400, message: messages.unknownColorScheme });
    const anonymous = await t.app.inject({ method: "GET", url: `/api/bots/${own.id}/customize/preview.svg` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("a finished setup after a summon", () => {
  it("a named summoned bot gets its free first customization", async () => {
    const player = await signUp(t.app);
    await createBot(player);
    const { botIds } = await summonFor(player, 1);
    const named = await player.post(`/api/bots/${botIds[0]}/name`, { name: "Nova" });
    expect(named.statusCode, named.body).toBe(200);
    await finishSetup(player, botIds[0]!, "Nova");
    const result = await customized(player, botIds[0]!, { name: "Nova Prime", colorScheme: "Violet" });
    expect(result).toMatchObject({ cost: 0, firstCustomization: true });
  });
});
