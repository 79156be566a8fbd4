// Bot names with hidden characters (issue 27) on every way a bot gets a name: the creation form, naming a
// summoned bot, renaming from the roster and the customization page. Each trick is refused with its words and
// changes and charges nothing. Bot names are not unique, so look-alike letters are simply kept as typed.
import type { Bot } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { bots, coinLedger } from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import { botsOf, coinsOf, createBot, finishSetup, giveCoins, summonFor } from "./testing";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VICTIM = "Iron Vanguard";
const tricks = [
  ["a zero-width space appended", `${VICTIM}\u200B`],
  ["a zero-width joiner inside", `Iron\u200DVanguard`],
  ["a right-to-left override and the name reversed", `\u202E${[...VICTIM].reverse().join("")}`],
  ["invisible characters only", "\u200B\u200D\u2060"],
  ["Hangul fillers only (letters that show nothing)", "\u3164\u3164\u3164"],
] as const;
const hidden = messages.nameHasHiddenCharacters("Name");

const ledgerRows = async (player: Player) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coinLedger)
      .where(eq(coinLedger.userId, player.id))
  )[0]!.n;

describe("the creation form", () => {
  it.each(tricks)("refuses %s: 'Name cannot contain ...' and no bot", async (_, name) => {
    const player = await signUp(t.app);
    const response = await player.post("/api/bots", { ...createBody, name });
    expect(errorOf(response)).toMatchObject({ status: 400, code: "VALIDATION_FAILED", message: hidden });
    expect(await botsOf(player)).toEqual([]);
  });

  it("refuses a name with no letter or digit", async () => {
    const player = await signUp(t.app);
    const response = await player.post("/api/bots", { ...createBody, name: "★ ★ ★" });
    expect(errorOf(response)).toMatchObject({
      status: 400,
      message: "Name must contain at least one letter or digit",
    });
    expect(await botsOf(player)).toEqual([]);
  });

  it("keeps look-alike letters as typed (bot names are not unique) and stores fullwidth letters plain", async () => {
    const player = await signUp(t.app);
    const cyrillic = await createBot(player, { name: "\u0410dmin B\u043Et" });
    expect(cyrillic.name).toBe("\u0410dmin B\u043Et");
    const other = await signUp(t.app);
    expect((await createBot(other, { name: "Ｂｏｌｔ  Ｘ" })).name).toBe("Bolt X");
  });
});

describe("naming a summoned bot", () => {
  let player: Player;
  beforeAll(async () => {
    player = await signUp(t.app);
    await giveCoins(t.db, player, 10_000);
  });

  it.each(tricks)("refuses %s and keeps the placeholder", async (_, name) => {
    const [id] = (await summonFor(player, 1)).botIds;
    const response = await player.post(`/api/bots/${id}/name`, { name });
    expect(errorOf(response)).toMatchObject({ status: 400, message: hidden });
    const bot = (await botsOf(player)).find((b) => b.id === id)!;
    expect(bot.setupStage).toBe("name");
    expect(bot.name).not.toBe(name);
  });

  it("names a bot of any script as typed", async () => {
    const [id] = (await summonFor(player, 1)).botIds;
    const response = await player.post(`/api/bots/${id}/name`, { name: "山田太郎" });
    expect(response.json<Bot>().name).toBe("山田太郎");
  });
});

describe("renaming from the roster (5 coins)", () => {
  it.each(tricks)("refuses %s: nothing renamed, nothing charged", async (_, name) => {
    const player = await signUp(t.app);
    const bot = await createBot(player);
    const rowsBefore = await ledgerRows(player);
    const response = await player.post(`/api/bots/${bot.id}/rename`, { name });
    expect(errorOf(response)).toMatchObject({ status: 400, message: hidden });
    expect((await botsOf(player))[0]!.name).toBe(bot.name);
    expect(await coinsOf(player)).toBe(1000);
    expect(await ledgerRows(player)).toBe(rowsBefore);
  });

  it("renames to an accented name", async () => {
    const player = await signUp(t.app);
    const bot = await createBot(player);
    const response = await player.post(`/api/bots/${bot.id}/rename`, { name: "José Müller" });
    expect(response.json()).toMatchObject({ newName: "José Müller", newCoinBalance: 995 });
  });
});

describe("the customization page", () => {
  it.each(tricks)("refuses %s: nothing changed, nothing charged", async (_, name) => {
    const player = await signUp(t.app);
    await giveCoins(t.db, player, 1000);
    const [id] = (await summonFor(player, 1)).botIds;
    await finishSetup(player, id!, "Custom One");
    const before = await t.db
      .select()
      .from(bots)
      .where(eq(bots.id, id as BotId));
    const rowsBefore = await ledgerRows(player);
    const response = await player.post(`/api/bots/${id}/customize`, { name, colorScheme: "Gold" });
    expect(errorOf(response)).toMatchObject({ status: 400, message: hidden });
    expect(
      await t.db
        .select()
        .from(bots)
        .where(eq(bots.id, id as BotId)),
    ).toEqual(before);
    expect(await ledgerRows(player)).toBe(rowsBefore);
  });

  it("keeps the old name for a blank one, as before", async () => {
    const player = await signUp(t.app);
    await giveCoins(t.db, player, 1000);
    const [id] = (await summonFor(player, 1)).botIds;
    await finishSetup(player, id!, "Keeper");
    const response = await player.post(`/api/bots/${id}/customize`, { name: "   ", colorScheme: "Gold" });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db
      .select({ name: bots.name })
      .from(bots)
      .where(eq(bots.id, id as BotId));
    expect(row!.name).toBe("Keeper");
  });
});

const createBody = {
  model: "Striker X-1",
  colorScheme: "Cyber Blue",
  strength: 15,
  agility: 10,
  defense: 10,
  intelligence: 5,
};
