// Two tabs (or ten) customizing one bot at once: each request is charged for what it really changed against
// the bot as the one before it left it, once; the first customization is free exactly once. Runs on PGlite
// and, with DATABASE_URL, on PostgreSQL with real parallel transactions.
import type { CustomizeResponse } from "@bot-arena/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Player, signUp, type TestApp } from "../../../test/helpers";
import { coinLedger } from "../../platform/db/schema";
import { coinsOf, createBot, expectLedgerClean, setCoins } from "../bots/testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fire = (player: Player, botId: string, bodies: unknown[]) =>
  Promise.all(bodies.map((body) => player.post(`/api/bots/${botId}/customize`, body)));

async function feesPaid(player: Player): Promise<number> {
  const rows = await t.db
    .select({ delta: coinLedger.delta })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, player.id), eq(coinLedger.reason, "customization")));
  return rows.reduce((sum, row) => sum - row.delta, 0);
}

describe("customizing one bot from many tabs at once", () => {
  it("ten identical first customizations: one is the free first, the rest change nothing", async () => {
    const player = await signUp(t.app);
    const bot = await createBot(player);
    const responses = await fire(player, bot.id, Array(10).fill({ name: "Twin", colorScheme: "Gold" }));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const results = responses.map((r) => r.json<CustomizeResponse>());
    expect(results.filter((r) => r.firstCustomization)).toHaveLength(1);
    expect(results.every((r) => r.cost === 0)).toBe(true);
    expect(await coinsOf(player)).toBe(1000);
    expect(await feesPaid(player)).toBe(0);
  });

  it("ten identical paid re-customizations are charged 10 once", async () => {
    const player = await signUp(t.app);
    const bot = await createBot(player);
    await player.post(`/api/bots/${bot.id}/customize`, { colorScheme: "Gold" });
    const responses = await fire(player, bot.id, Array(10).fill({ name: "Echo", colorScheme: "Cyan" }));
    const costs = responses.map((r) => r.json<CustomizeResponse>().cost).sort((a, b) => b - a);
    expect(costs).toEqual([10, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await coinsOf(player)).toBe(990);
    expect(await feesPaid(player)).toBe(10);
    await expectLedgerClean(t);
  });

  it("two tabs with different changes pay for what each changed after the other", async () => {
    const player = await signUp(t.app);
    const bot = await createBot(player, { name: "Origin" });
    await player.post(`/api/bots/${bot.id}/customize`, { colorScheme: "Gold" });
    const [a, b] = await fire(player, bot.id, [
      { name: "Alpha", colorScheme: "Pink" },
      { name: "Beta", colorScheme: "Pink" },
    ]);
    const costs = [a!, b!].map((r) => r.json<CustomizeResponse>().cost).sort((x, y) => y - x);
    // Whoever came first renamed and recoloured (10); the second only renamed, the colours were Pink by then (5).
    expect(costs).toEqual([10, 5]);
    expect(await coinsOf(player)).toBe(985);
    await expectLedgerClean(t);
  });

  it("never overdraws: with 14 coins, three 10-coin changes in parallel leave one paid", async () => {
    const player = await signUp(t.app);
    const bot = await createBot(player, { name: "Origin" });
    await player.post(`/api/bots/${bot.id}/customize`, { colorScheme: "Gold" });
    await setCoins(t.db, player, 14);
    const responses = await fire(player, bot.id, [
      { name: "One", colorScheme: "Pink" },
      { name: "Two", colorScheme: "Cyan" },
      { name: "Three", colorScheme: "Violet" },
    ]);
    const paid = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(paid).toHaveLength(1);
    expect(refused.map((r) => r.json().error.message)).toEqual(["Insufficient coins", "Insufficient coins"]);
    expect(await coinsOf(player)).toBe(4);
    await expectLedgerClean(t);
  });
});
