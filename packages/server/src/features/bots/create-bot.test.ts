// Creating the first bot through the API: the free common level-1 bot, its image, every refusal with its
// message (changing nothing), "first bot only" under parallel requests, and the creation preview.
import { botsMessages } from "@bot-arena/contract";
import { CREATION_COLOR_SCHEMES, messages } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, signUp, type TestApp } from "../../../test/helpers";
import { coinLedger } from "../../platform/db/schema";
import { botsOf, coinsOf, createBot, expectLedgerClean, summonFor, validCreation } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/bots", () => {
  it("creates a free, common, level-1 hero that is active, with its image stored under /media", async () => {
    const player = await signUp(t.app);
    const response = await player.post("/api/bots", { ...validCreation, name: "  Iron Vanguard  " });
    expect(response.statusCode).toBe(201);
    const bot = response.json();
    expect(bot).toMatchObject({
      name: "Iron Vanguard",
      model: "Striker X-1",
      botClass: "hero",
      rarity: "common",
      level: 1,
      xp: 0,
      energy: 100,
      maxEnergy: 100,
      isActive: true,
      wins: 0,
      losses: 0,
      strength: 15,
      agility: 10,
      defense: 10,
      intelligence: 5,
      availablePoints: 0,
      statPointsAllocated: true,
      durability: 100,
      maxDurability: 100,
      colorPrimary: CREATION_COLOR_SCHEMES[0]!.primary,
      colorSecondary: CREATION_COLOR_SCHEMES[0]!.secondary,
      equippedWeaponId: null,
      isListed: false,
      setupStage: null,
    });
    expect(bot.imageUrl).toMatch(/^\/media\/bots\/[a-f0-9]{32}\.svg$/);
    const image = await player.get(bot.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toContain("image/svg+xml");
    expect(image.body).toContain("<svg");

    expect(await coinsOf(player)).toBe(1000);
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, player.id));
    expect(ledger.map((row) => row.reason)).toEqual(["signup_bonus"]);
    expect(await botsOf(player)).toEqual([bot]);
  });

  it("draws exactly the image the preview showed", async () => {
    const player = await signUp(t.app);
    const query = new URLSearchParams({
      name: "Neon Wraith",
      model: "Phantom V-7",
      colorScheme: "Neon Pink",
    });
    const preview = await player.get(`/api/bots/preview.svg?${query}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toContain("image/svg+xml");
    const bot = await createBot(player, {
      name: "Neon Wraith",
      model: "Phantom V-7",
      colorScheme: "Neon Pink",
    });
    expect((await player.get(bot.imageUrl!)).body).toBe(preview.body);
  });

  it("refuses a second bot, leaving the first alone", async () => {
    const player = await signUp(t.app);
    const first = await createBot(player);
    const again = await player.post("/api/bots", { ...validCreation, name: "Second" });
    expect(errorOf(again)).toMatchObject({
      status: 409,
      code: "CONFLICT",
      message: botsMessages.alreadyHasBot,
    });
    expect(await botsOf(player)).toEqual([first]);
  });

  it("refuses a first bot once the player owns a summoned one", async () => {
    const player = await signUp(t.app);
    await summonFor(player, 1);
    const response = await player.post("/api/bots", validCreation);
    expect(errorOf(response)).toMatchObject({ status: 409, message: botsMessages.alreadyHasBot });
    expect(await botsOf(player)).toHaveLength(1);
  });

  it("creates exactly one bot from ten parallel requests", async () => {
    const player = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        player.post("/api/bots", { ...validCreation, name: `Racer ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await botsOf(player)).toHaveLength(1);
    await expectLedgerClean(t);
  });

  const stats = (strength: unknown, agility: unknown, defense: unknown, intelligence: unknown) => ({
    strength,
    agility,
    defense,
    intelligence,
  });
  it.each([
    ["an empty name", { name: "" }, messages.enterBotName],
    ["a name of spaces", { name: "    " }, messages.enterBotName],
    ["a missing name", { name: undefined }, messages.enterBotName],
    ["a 31-character name", { name: "x".repeat(31) }, messages.nameTooLong(30)],
    ["stats summing to 39", stats(15, 10, 9, 5), messages.allocateAllCreationPoints],
    ["stats summing to 41", stats(15, 10, 11, 5), messages.allocateAllCreationPoints],
    ["a stat above 15", stats(16, 9, 10, 5), messages.creationStatOutOfRange],
    ["a stat below 5", stats(4, 11, 10, 15), messages.creationStatOutOfRange],
    ["a negative stat", stats(-5, 15, 15, 15), messages.creationStatOutOfRange],
    ["a fractional stat", stats(14.5, 10.5, 10, 5), messages.creationStatOutOfRange],
    ["a stat as text", stats("15", 10, 10, 5), messages.creationStatOutOfRange],
    ["an unknown model", { model: "Crusher Q-0" }, messages.unknownModel],
    ["an unknown colour scheme", { colorScheme: "Plaid" }, messages.unknownColorScheme],
    [
      "stats that do not add up and an empty name",
      { ...stats(5, 5, 5, 5), name: "" },
      messages.allocateAllCreationPoints,
    ],
  ])("refuses %s with its message and creates nothing", async (_, override, message) => {
    const player = await signUp(t.app);
    const response = await player.post("/api/bots", { ...validCreation, ...override });
    expect(errorOf(response)).toMatchObject({ status: 400, message });
    expect(await botsOf(player)).toEqual([]);
  });

  it("refuses a request without a body as a missing name", async () => {
    const player = await signUp(t.app);
    const response = await player.request({ method: "POST", url: "/api/bots" });
    expect(errorOf(response).status).toBe(400);
    expect(await botsOf(player)).toEqual([]);
  });
});

describe("GET /api/bots/preview.svg", () => {
  it("refuses an unknown model or colour scheme", async () => {
    const player = await signUp(t.app);
    const badModel = await player.get("/api/bots/preview.svg?model=Nope&colorScheme=Cyber%20Blue");
    expect(errorOf(badModel)).toMatchObject({ status: 400, message: messages.unknownModel });
    const badColour = await player.get("/api/bots/preview.svg?model=Nova%20S-4&colorScheme=Plaid");
    expect(errorOf(badColour)).toMatchObject({ status: 400, message: messages.unknownColorScheme });
  });

  it("escapes a hostile name instead of letting it into the markup", async () => {
    const player = await signUp(t.app);
    const name = encodeURIComponent('<script>alert("x")</script>');
    const response = await player.get(
      `/api/bots/preview.svg?name=${name}&model=Nova%20S-4&colorScheme=Cyber%20Blue`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("<script>");
  });
});
