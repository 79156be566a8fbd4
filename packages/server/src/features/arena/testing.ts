// Test helpers in the arena's language: pilots with a first bot, bots forced into a shape (a champion that
// wins in one blow, a scrap heap that cannot), the arena calls, and a picture of everything a refused battle
// must leave untouched.
import type { AiOpponent, BattleOutcome, Bot } from "@bot-arena/contract";
import { asc, count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { type Player, signUp, type TestApp } from "../../../test/helpers";
import type { Db } from "../../platform/db/database";
import { aiOpponents, battles, bots, coinLedger, profiles } from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import { createBot } from "../bots/testing";

export type Pilot = Player & { bot: Bot };

export async function pilot(t: TestApp, botName = "Iron Vanguard"): Promise<Pilot> {
  const player = await signUp(t.app);
  return Object.assign(player, { bot: await createBot(player, { name: botName }) });
}

type BotFields = Partial<typeof bots.$inferInsert>;

export function setBot(db: Db, botId: string, fields: BotFields): Promise<unknown> {
  return db
    .update(bots)
    .set(fields)
    .where(eq(bots.id, botId as BotId));
}

export async function botRow(db: Db, botId: string) {
  const [row] = await db
    .select()
    .from(bots)
    .where(eq(bots.id, botId as BotId));
  if (!row) throw new Error(`no bot ${botId}`);
  return row;
}

/** Another bot of the same owner, copied from one of theirs with `fields` changed; it is not their active bot. */
export async function copyOfBot(db: Db, botId: string, fields: BotFields): Promise<BotId> {
  const { id: _, ...row } = await botRow(db, botId);
  const [copy] = await db
    .insert(bots)
    .values({ ...row, isActive: false, ...fields })
    .returning({ id: bots.id });
  if (!copy) throw new Error(`no copy of ${botId}`);
  return copy.id;
}

/** The uuid `steps` places after (or before) `id` in PostgreSQL's uuid order: a bot id right beside a player's. */
export function uuidBeside(id: string, steps: number): BotId {
  const hex = (BigInt(`0x${id.replaceAll("-", "")}`) + BigInt(steps)).toString(16).padStart(32, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` as BotId;
}

/** Its first blow outdoes any HP a normal bot has; the attacker strikes first, so it always wins. */
export const CHAMPION: BotFields = { strength: 5000, agility: 5000, defense: 5000, intelligence: 5000 };
/** Deals the minimum damage and falls to the first real blow. */
export const SCRAP_HEAP: BotFields = { strength: 0, agility: 0, defense: 0, intelligence: 0 };

export async function findOpponent(player: Player): Promise<AiOpponent> {
  const response = await player.post("/api/arena/ai/opponent");
  expect(response.statusCode).toBe(200);
  const opponent = response.json<{ opponent: AiOpponent | null }>().opponent;
  if (!opponent) throw new Error("no opponent rolled");
  return opponent;
}

export const aiBattle = (player: Player) => player.post("/api/arena/ai/battle");
export const pvpBattle = (player: Player, defenderId: string) =>
  player.post("/api/arena/pvp/battle", { defenderId });

export async function outcomeOf(response: Awaited<ReturnType<Player["post"]>>): Promise<BattleOutcome> {
  if (response.statusCode !== 200) throw new Error(`battle refused: ${response.statusCode} ${response.body}`);
  return response.json<BattleOutcome>();
}

/** Every row a battle may write; a refused battle must leave all of it as it was. */
export async function arenaState(db: Db) {
  return {
    bots: await db.select().from(bots).orderBy(asc(bots.id)),
    wallets: await db
      .select({ id: profiles.id, coins: profiles.coins, vaultCoins: profiles.vaultCoins })
      .from(profiles)
      .orderBy(asc(profiles.id)),
    battles: (await db.select({ n: count() }).from(battles))[0]?.n,
    ledgerRows: (await db.select({ n: count() }).from(coinLedger))[0]?.n,
    keptOpponents: await db.select().from(aiOpponents).orderBy(asc(aiOpponents.userId)),
  };
}

/** The battles a bot started. */
export const battlesStartedBy = (db: Db, botId: string) =>
  db
    .select()
    .from(battles)
    .where(eq(battles.attackerBotId, botId as BotId));
