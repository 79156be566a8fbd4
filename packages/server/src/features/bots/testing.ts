// Test helpers that speak the roster's language: a player with a first bot, coins given through the ledger,
// summons, listing a bot on the marketplace, and the ledger check every race test ends with.
import type { Bot, BotList, CreateBotBody, SummonResponse } from "@bot-arena/contract";
import { expect } from "vitest";
import type { Player, TestApp } from "../../../test/helpers";
import type { Db } from "../../platform/db/database";
import { marketplaceListings } from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import { bySignedAmount, moveCoins } from "../../platform/ledger";
import { verifyLedger } from "../../platform/ledger-verify";

export const validCreation: CreateBotBody = {
  name: "Iron Vanguard",
  model: "Striker X-1",
  colorScheme: "Cyber Blue",
  strength: 15,
  agility: 10,
  defense: 10,
  intelligence: 5,
};

export async function createBot(player: Player, body: Partial<CreateBotBody> = {}): Promise<Bot> {
  const response = await player.post("/api/bots", { ...validCreation, ...body });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<Bot>();
}

export async function botsOf(player: Player): Promise<Bot[]> {
  const response = await player.get("/api/bots");
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return response.json<BotList>().bots;
}

export async function coinsOf(player: Player): Promise<number> {
  return (await player.get("/api/me")).json<{ coins: number }>().coins;
}

/** Coins into the wallet the only honest way: a ledger move. */
export function giveCoins(db: Db, player: Player, amount: number): Promise<number> {
  return db.transaction((tx) =>
    moveCoins(tx, { userId: player.id, account: "wallet", ...bySignedAmount(amount), reason: "test_grant" }),
  );
}

/** Spends the wallet down (or tops it up) to exactly `coins`. */
export async function setCoins(db: Db, player: Player, coins: number): Promise<void> {
  const delta = coins - (await coinsOf(player));
  if (delta !== 0) await giveCoins(db, player, delta);
}

export async function summonFor(player: Player, count: 1 | 10): Promise<SummonResponse> {
  const response = await player.post("/api/bots/summon", { count });
  if (response.statusCode !== 200) throw new Error(`summon failed: ${response.statusCode} ${response.body}`);
  return response.json<SummonResponse>();
}

/** Names and allocates a summoned bot, as the summon flow's two dialogs do. */
export async function finishSetup(player: Player, botId: string, name = `Unit ${botId.slice(0, 6)}`) {
  await player.post(`/api/bots/${botId}/name`, { name });
  const response = await player.post(`/api/bots/${botId}/allocate`, {
    strength: 4,
    agility: 3,
    defense: 2,
    intelligence: 1,
  });
  return response.json<Bot>();
}

export async function listOnMarket(db: Db, player: Player, botId: string, price = 100): Promise<void> {
  await db.insert(marketplaceListings).values({ botId: botId as BotId, sellerId: player.id, price });
}

export async function expectLedgerClean(t: TestApp): Promise<void> {
  const report = await verifyLedger(t.db);
  expect(report.mismatches).toEqual([]);
}
