// GET /api/summons: every roll of the player, newest first, twenty a page, with counts per mode and rarity.
import type { SummonHistory } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Player, signUp, type TestApp } from "../../../test/helpers";
import { botsOf, giveCoins, summonFor } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const historyOf = async (player: Player, query = "") =>
  (await player.get(`/api/summons${query}`)).json<SummonHistory>();

describe("GET /api/summons", () => {
  let player: Player;
  let singles: string[];
  let tens: string[];
  beforeAll(async () => {
    player = await signUp(t.app);
    await giveCoins(t.db, player, 20_000);
    // The first ten are recycled so twenty-three rolls fit beside the 20-bot cap.
    tens = (await summonFor(player, 10)).botIds;
    for (const id of tens) await player.request({ method: "DELETE", url: `/api/bots/${id}` });
    tens.push(...(await summonFor(player, 10)).botIds);
    singles = [];
    for (let i = 0; i < 3; i++) singles.push(...(await summonFor(player, 1)).botIds);
  });

  it("pages the rolls newest first, twenty at a time, naming each bot", async () => {
    const first = await historyOf(player);
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 23 });
    expect(first.rolls).toHaveLength(20);
    expect(first.rolls.slice(0, 3).map((roll) => roll.botId)).toEqual([...singles].reverse());
    expect(first.rolls.slice(0, 3).every((roll) => roll.mode === "single")).toBe(true);
    expect(first.rolls.slice(3, 13).map((roll) => roll.botId)).toEqual(tens.slice(10).reverse());
    const second = await historyOf(player, "?page=2");
    expect(second.rolls.every((roll) => roll.mode === "ten")).toBe(true);
    const names = new Map<string, string>((await botsOf(player)).map((bot) => [bot.id, bot.name]));
    for (const roll of first.rolls.slice(0, 13)) expect(roll.botName).toBe(names.get(roll.botId!));
    // The recycled bots' rolls stay, without a bot.
    const recycled = [...first.rolls.slice(13), ...second.rolls];
    expect(recycled).toHaveLength(10);
    for (const roll of recycled) expect(roll).toMatchObject({ mode: "ten", botId: null, botName: null });
    expect((await historyOf(player, "?page=3")).rolls).toEqual([]);
  });

  it("counts every roll by mode and rarity, matching the bots", async () => {
    const { counts, total } = await historyOf(player);
    const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
    expect(sum(counts.single)).toBe(3);
    expect(sum(counts.ten)).toBe(20);
    expect(sum(counts.single) + sum(counts.ten)).toBe(total);
    expect(counts.ten.legendary ?? 0).toBeGreaterThanOrEqual(2);
    const { rolls } = await historyOf(player);
    const owned = new Map((await botsOf(player)).map((bot) => [bot.id, bot.rarity]));
    for (const roll of rolls.filter((r) => r.botId !== null))
      expect(roll.rarity).toBe(owned.get(roll.botId!));
  });

  it.each([["?page=abc"], ["?page=0"], ["?page=-3"], ["?page=1.5"]])(
    "reads %s as the first page",
    async (query) => {
      expect((await historyOf(player, query)).page).toBe(1);
    },
  );

  it("shows a new player no rolls", async () => {
    expect(await historyOf(await signUp(t.app))).toEqual({
      rolls: [],
      page: 1,
      pageSize: 20,
      total: 0,
      counts: { single: {}, ten: {} },
      singleSummonsUntilRare: 10,
    });
  });

  it("shows only the player's own rolls", async () => {
    const other = await signUp(t.app);
    await summonFor(other, 1);
    expect((await historyOf(other)).total).toBe(1);
    expect((await historyOf(player)).total).toBe(23);
  });
});
