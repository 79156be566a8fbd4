// Summoning through the API: prices, rolls and stats per rarity, the 10x legendary, the 20-bot cap and the
// wallet (each refusal changing nothing), then naming and bonus points, and the flow resuming after a reload.
import { type Bot, botsMessages } from "@bot-arena/contract";
import { MAX_BOTS, messages, RARITY_BASE_STAT, type StatName, SUMMON_STAT_SPREAD } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { coinLedger, summonRolls } from "../../platform/db/schema";
import {
  botsOf,
  coinsOf,
  createBot,
  expectLedgerClean,
  finishSetup,
  giveCoins,
  setCoins,
  summonFor,
} from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stats: StatName[] = ["strength", "agility", "defense", "intelligence"];
const byId = (bots: Bot[], id: string) => bots.find((bot) => bot.id === id)!;

function expectRolledStats(bot: Bot) {
  const base = RARITY_BASE_STAT[bot.rarity as keyof typeof RARITY_BASE_STAT];
  for (const stat of stats) {
    expect(bot[stat]).toBeGreaterThanOrEqual(base);
    expect(bot[stat]).toBeLessThanOrEqual(base + SUMMON_STAT_SPREAD);
  }
}

/** A player whose roster already holds `count` bots (one created, the rest summoned), with `coins` left. */
async function playerWithBots(count: number, coins: number): Promise<Player> {
  const player = await signUp(t.app);
  await createBot(player);
  await giveCoins(t.db, player, 500 * (count - 1));
  for (let i = 1; i < count; i += 10) {
    if (count - i >= 10) await summonFor(player, 10);
    else for (let j = i; j < count; j++) await summonFor(player, 1);
  }
  await setCoins(t.db, player, coins);
  return player;
}

describe("POST /api/bots/summon", () => {
  it("a single summon takes 500 coins and yields one unnamed bot rolled for its rarity", async () => {
    const player = await signUp(t.app);
    const response = await player.post("/api/bots/summon", { count: 1 });
    expect(response.statusCode).toBe(200);
    const { newCoinBalance, botIds } = response.json();
    expect(newCoinBalance).toBe(500);
    expect(botIds).toHaveLength(1);
    const bot = byId(await botsOf(player), botIds[0]);
    expect(["common", "uncommon", "rare"]).toContain(bot.rarity);
    expect(["hero", "villain", "support"]).toContain(bot.botClass);
    expect(bot).toMatchObject({
      name: `${bot.model} (Unnamed)`,
      level: 1,
      isActive: false,
      statPointsAllocated: false,
      availablePoints: 0,
      energy: 100,
      setupStage: "name",
    });
    expectRolledStats(bot);
    expect(bot.imageUrl).toMatch(/^\/media\/bots\//);
    const ledger = await t.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, player.id), eq(coinLedger.reason, "summon")));
    expect(ledger).toMatchObject([{ delta: -500, balanceAfter: 500 }]);
  });

  it("a 10x summon takes 5000 coins, yields ten bots in roll order and at least one legendary", async () => {
    const player = await signUp(t.app);
    await giveCoins(t.db, player, 4500);
    const { newCoinBalance, botIds } = await summonFor(player, 10);
    expect(newCoinBalance).toBe(500);
    expect(new Set(botIds).size).toBe(10);
    const bots = await botsOf(player);
    // Newest first: the last rolled bot leads the roster.
    expect(bots.map((bot) => bot.id)).toEqual([...botIds].reverse());
    expect(bots.some((bot) => bot.rarity === "legendary")).toBe(true);
    for (const bot of bots) expectRolledStats(bot);
    const rolls = await t.db.select().from(summonRolls).where(eq(summonRolls.userId, player.id));
    expect(rolls).toHaveLength(10);
    expect(rolls.every((roll) => roll.mode === "ten")).toBe(true);
    expect(rolls.map((roll) => roll.botId).sort()).toEqual([...botIds].sort());
  });

  it.each([
    ["a count of 2", { count: 2 }],
    ["a count of 0", { count: 0 }],
    ["a count of -1", { count: -1 }],
    ["a count as text", { count: "1" }],
    ["a fractional count", { count: 1.5 }],
    ["no count", {}],
  ])("refuses %s with 'You can summon 1 or 10 bots' and takes nothing", async (_, body) => {
    const player = await signUp(t.app);
    const response = await player.post("/api/bots/summon", body);
    expect(errorOf(response)).toMatchObject({ status: 400, message: messages.invalidSummonCount });
    expect(await coinsOf(player)).toBe(1000);
    expect(await botsOf(player)).toEqual([]);
  });

  it.each([
    [1, 499, 500],
    [10, 4999, 5000],
  ] as const)("refuses a %ix summon with %i coins: 'Need %i coins!'", async (count, coins, price) => {
    const player = await signUp(t.app);
    await setCoins(t.db, player, coins);
    const response = await player.post("/api/bots/summon", { count });
    expect(errorOf(response)).toMatchObject({
      status: 409,
      code: "NOT_ENOUGH_COINS",
      message: messages.needCoins(price),
    });
    expect(await coinsOf(player)).toBe(coins);
    expect(await botsOf(player)).toEqual([]);
  });

  it("refuses a single summon at 20 bots and a 10x summon above 10, with 'Maximum 20 bots allowed!'", async () => {
    const full = await playerWithBots(MAX_BOTS, 10_000);
    const single = await full.post("/api/bots/summon", { count: 1 });
    expect(errorOf(single)).toMatchObject({ status: 409, code: "LIMIT_REACHED", message: messages.maxBots });
    expect(await botsOf(full)).toHaveLength(MAX_BOTS);
    expect(await coinsOf(full)).toBe(10_000);

    const eleven = await playerWithBots(11, 10_000);
    const ten = await eleven.post("/api/bots/summon", { count: 10 });
    expect(errorOf(ten)).toMatchObject({ status: 409, message: messages.maxBots });
    expect(await botsOf(eleven)).toHaveLength(11);
    // Ten bots still fit beside ten: exactly 20.
    const tenOwned = await playerWithBots(10, 5000);
    await summonFor(tenOwned, 10);
    expect(await botsOf(tenOwned)).toHaveLength(MAX_BOTS);
  });
});

describe("naming a summoned bot", () => {
  let player: Player;
  beforeAll(async () => {
    player = await signUp(t.app);
    await giveCoins(t.db, player, 10_000);
  });

  it.each([
    ["two characters", "ab"],
    ["two characters padded with spaces", "   ab   "],
    ["only spaces", "      "],
    ["51 characters", "n".repeat(51)],
  ])("refuses %s with the 3-to-50 message and keeps the placeholder", async (_, name) => {
    const [id] = (await summonFor(player, 1)).botIds;
    const response = await player.post(`/api/bots/${id}/name`, { name });
    expect(errorOf(response)).toMatchObject({ status: 400, message: messages.summonNameLength });
    expect(byId(await botsOf(player), id!).setupStage).toBe("name");
  });

  it("refuses a model's placeholder as a name", async () => {
    const [id] = (await summonFor(player, 1)).botIds;
    const response = await player.post(`/api/bots/${id}/name`, { name: "Nova S-4 (Unnamed)" });
    expect(errorOf(response)).toMatchObject({ status: 400, message: botsMessages.placeholderName });
  });

  it("names the bot (trimmed, 3 and 50 characters allowed), redraws its image, then asks for the points", async () => {
    const [id, other] = (await summonFor(player, 10)).botIds;
    const before = byId(await botsOf(player), id!);
    const response = await player.post(`/api/bots/${id}/name`, { name: "  Abe  " });
    expect(response.statusCode).toBe(200);
    const named = response.json<Bot>();
    expect(named).toMatchObject({ id, name: "Abe", setupStage: "allocate" });
    expect(named.imageUrl).not.toBe(before.imageUrl);
    const long = await player.post(`/api/bots/${other}/name`, { name: "L".repeat(50) });
    expect(long.json<Bot>().name).toHaveLength(50);

    const again = await player.post(`/api/bots/${id}/name`, { name: "Another" });
    expect(errorOf(again)).toMatchObject({ status: 409, message: botsMessages.alreadyNamed });
    expect(byId(await botsOf(player), id!).name).toBe("Abe");
  });
});

describe("allocating the 10 bonus points", () => {
  let player: Player;
  beforeAll(async () => {
    player = await signUp(t.app);
    await giveCoins(t.db, player, 10_000);
  });

  const points = (strength: unknown, agility: unknown, defense: unknown, intelligence: unknown) => ({
    strength,
    agility,
    defense,
    intelligence,
  });

  it("waits for the name first", async () => {
    const [id] = (await summonFor(player, 1)).botIds;
    const response = await player.post(`/api/bots/${id}/allocate`, points(10, 0, 0, 0));
    expect(errorOf(response)).toMatchObject({ status: 409, message: botsMessages.nameFirst });
  });

  it.each([
    ["9 points", points(3, 3, 3, 0), messages.allocateMorePoints(1)],
    ["no points", points(0, 0, 0, 0), messages.allocateMorePoints(10)],
    ["11 points", points(5, 5, 1, 0), messages.tooManyBonusPoints],
    ["a negative stat", points(12, -2, 0, 0), messages.bonusPointsInvalid],
    ["a fraction", points(4.5, 5.5, 0, 0), messages.bonusPointsInvalid],
    ["text", points("10", 0, 0, 0), messages.bonusPointsInvalid],
    ["a missing stat", { strength: 10, agility: 0, defense: 0 }, messages.bonusPointsInvalid],
  ])("refuses %s with its message and changes no stat", async (_, body, message) => {
    const [id] = (await summonFor(player, 1)).botIds;
    await player.post(`/api/bots/${id}/name`, { name: "Pointless" });
    const before = byId(await botsOf(player), id!);
    const response = await player.post(`/api/bots/${id}/allocate`, body);
    expect(errorOf(response)).toMatchObject({ status: 400, message });
    expect(byId(await botsOf(player), id!)).toEqual(before);
  });

  it("adds the points to the rolled stats, once", async () => {
    const [id] = (await summonFor(player, 1)).botIds;
    await player.post(`/api/bots/${id}/name`, { name: "Allotted" });
    const before = byId(await botsOf(player), id!);
    const response = await player.post(`/api/bots/${id}/allocate`, points(1, 2, 3, 4));
    expect(response.json<Bot>()).toMatchObject({
      strength: before.strength + 1,
      agility: before.agility + 2,
      defense: before.defense + 3,
      intelligence: before.intelligence + 4,
      statPointsAllocated: true,
      setupStage: null,
    });
    const again = await player.post(`/api/bots/${id}/allocate`, points(10, 0, 0, 0));
    expect(errorOf(again)).toMatchObject({ status: 409, message: botsMessages.alreadyAllocated });
  });
});

describe("a summon flow interrupted by a reload", () => {
  it("keeps every bot and reports where each one's setup stands", async () => {
    const player = await signUp(t.app);
    await giveCoins(t.db, player, 4500);
    const { botIds } = await summonFor(player, 10);
    await finishSetup(player, botIds[0]!);
    await player.post(`/api/bots/${botIds[1]}/name`, { name: "Halfway" });
    const bots = await botsOf(player);
    expect(bots).toHaveLength(10);
    expect(byId(bots, botIds[0]!).setupStage).toBeNull();
    expect(byId(bots, botIds[1]!).setupStage).toBe("allocate");
    for (const id of botIds.slice(2)) expect(byId(bots, id).setupStage).toBe("name");
  });
});

describe("summons racing each other", () => {
  it("twenty parallel single summons with coins for three yield exactly three bots", async () => {
    const player = await signUp(t.app);
    await setCoins(t.db, player, 1500);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => player.post("/api/bots/summon", { count: 1 })),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(3);
    for (const lost of answers.filter((a) => a.statusCode !== 200)) {
      expect(errorOf(lost)).toMatchObject({ status: 409, message: messages.needCoins(500) });
    }
    expect(await botsOf(player)).toHaveLength(3);
    expect(await coinsOf(player)).toBe(0);
    expect(won.map((a) => a.json().newCoinBalance).sort((a, b) => a - b)).toEqual([0, 500, 1000]);
    await expectLedgerClean(t);
  });

  it("parallel summons never pass 20 bots", async () => {
    const player = await playerWithBots(15, 50_000);
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => player.post("/api/bots/summon", { count: 10 })),
      ...Array.from({ length: 12 }, () => player.post("/api/bots/summon", { count: 1 })),
    ]);
    const bots = await botsOf(player);
    expect(bots).toHaveLength(MAX_BOTS);
    const spent = answers
      .filter((a) => a.statusCode === 200)
      .reduce((sum, a) => sum + a.json().botIds.length * 500, 0);
    expect(spent).toBe(5 * 500);
    expect(await coinsOf(player)).toBe(50_000 - spent);
    await expectLedgerClean(t);
  });
});

describe("the single summon's pity", () => {
  /** Single rolls without a rare, a second apart and before now (nine: the next single summon is the 10th). */
  async function misses(player: Player, count: number) {
    const start = Date.now() - 60_000;
    await t.db.insert(summonRolls).values(
      Array.from({ length: count }, (_, i) => ({
        userId: player.id,
        mode: "single",
        rarity: i % 2 ? ("uncommon" as const) : ("common" as const),
        createdAt: new Date(start + i * 1000),
      })),
    );
  }
  const untilRare = async (player: Player) =>
    (await player.get("/api/summons")).json<{ singleSummonsUntilRare: number }>().singleSummonsUntilRare;
  const rollsOf = (player: Player) =>
    t.db
      .select({ mode: summonRolls.mode, rarity: summonRolls.rarity })
      .from(summonRolls)
      .where(eq(summonRolls.userId, player.id))
      .orderBy(summonRolls.createdAt);

  it("makes the 10th single summon without a rare a rare, shows the counter, and a 10x leaves it be", async () => {
    const player = await signUp(t.app);
    expect(await untilRare(player)).toBe(10);
    await misses(player, 9);
    expect(await untilRare(player)).toBe(1);
    await giveCoins(t.db, player, 5500);
    await summonFor(player, 10);
    expect(await untilRare(player)).toBe(1);
    const [id] = (await summonFor(player, 1)).botIds;
    expect(byId(await botsOf(player), id!).rarity).toBe("rare");
    expect(await untilRare(player)).toBe(10);
  });

  // Each summon reads the counter before it rolls: without the second reading under the lock, parallel summons
  // after eight misses all roll without the pity and the 9th and 10th are both misses 85% x 85% of the time.
  it("parallel single summons near the pity never leave ten singles in a row without a rare", async () => {
    const player = await signUp(t.app);
    await misses(player, 8);
    await setCoins(t.db, player, 2500);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => player.post("/api/bots/summon", { count: 1 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    const singles = (await rollsOf(player)).filter((roll) => roll.mode === "single");
    expect(singles).toHaveLength(13);
    let streak = 0;
    for (const roll of singles) {
      streak = roll.rarity === "common" || roll.rarity === "uncommon" ? streak + 1 : 0;
      expect(streak).toBeLessThan(10);
    }
    expect(await coinsOf(player)).toBe(0);
    await expectLedgerClean(t);
  });
});
