// Shared bot primitives for every feature that touches a player's bots (roster, arena, shop, market, fusion):
// ownership-checked reads and row locks, energy regeneration written back, the listing check, and the DTO.
import type { Bot as BotDto } from "@bot-arena/contract";
import { botsMessages } from "@bot-arena/contract";
import { messages, regenerateEnergy } from "@bot-arena/game";
import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { hotStatement } from "../../platform/db/hot-statements";
import { assertProfileHeld, botWithListing, lockProfiles } from "../../platform/db/locks";
import { bots, marketplaceListings } from "../../platform/db/schema";
import { AppError, conflict, notFound } from "../../platform/errors";
import type { BotId, UserId } from "../../platform/ids";
import { setupStageOf } from "./setup-stage";

export type BotRow = typeof bots.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id cannot name a bot; it gets the same 404 as a missing one instead of a database error. */
export const isBotId = (id: string): id is BotId => UUID.test(id);

export const botNotFound = () => notFound(messages.botNotFound);

const ownedBot = (db: Db) =>
  db
    .select()
    .from(bots)
    .where(and(eq(bots.id, sql.placeholder("botId")), eq(bots.userId, sql.placeholder("userId"))));
const readOwnedBot = hotStatement("owned_bot", ownedBot);
const lockOwnedBotRow = hotStatement("owned_bot_locked", (db) => ownedBot(db).for("update"));

async function selectOwned(db: Db, userId: UserId, botId: string, lock: boolean): Promise<BotRow> {
  if (!isBotId(botId)) throw botNotFound();
  if (lock) assertProfileHeld(db, userId);
  const rows = await (lock ? lockOwnedBotRow : readOwnedBot)(db, { botId, userId });
  const row = rows[0];
  if (!row) throw botNotFound();
  return row;
}

/** The player's bot, or 404 'Bot not found' when it is missing or someone else's. */
export const findOwnedBot = (db: Db, userId: UserId, botId: string): Promise<BotRow> =>
  selectOwned(db, userId, botId, false);

/**
 * Like findOwnedBot, holding the row (SELECT … FOR UPDATE) until the transaction ends: take it before
 * reading anything you are about to change (energy, stats, durability) so parallel requests queue up.
 */
export const lockOwnedBot = (db: Db, userId: UserId, botId: string): Promise<BotRow> =>
  selectOwned(db, userId, botId, true);

const activeBot = (db: Db) =>
  db
    .select()
    .from(bots)
    .where(and(eq(bots.userId, sql.placeholder("userId")), eq(bots.isActive, true)));
const readActiveBot = hotStatement("active_bot", activeBot);
const lockActiveBotRow = hotStatement("active_bot_locked", (db) => activeBot(db).for("update"));

/** The player's active bot, or null when none is active. */
export async function findActiveBot(db: Db, userId: UserId, options: { lock?: boolean } = {}) {
  if (options.lock) assertProfileHeld(db, userId);
  const rows = await (options.lock ? lockActiveBotRow : readActiveBot)(db, { userId });
  return rows[0] ?? null;
}

const lockActiveBotWithListing = hotStatement("active_bot_with_listing_locked", (db) =>
  db
    .select(botWithListing)
    .from(bots)
    .where(and(eq(bots.userId, sql.placeholder("userId")), eq(bots.isActive, true)))
    .for("update"),
);

/** The player's active bot locked (after their profile), with whether it is listed; null when none is active. */
export async function lockActiveBot(db: Db, userId: UserId) {
  assertProfileHeld(db, userId);
  const rows = await lockActiveBotWithListing(db, { userId });
  return rows[0] ?? null;
}

/** The player's bots, newest first (created_at descending, as the spec's roster reads them), each with
 * whether it is on the marketplace, in one query. */
const ownedBotsNewestFirst = hotStatement("owned_bots", (db) =>
  db
    .select({ bot: bots, listingId: marketplaceListings.id })
    .from(bots)
    .leftJoin(marketplaceListings, eq(marketplaceListings.botId, bots.id))
    .where(eq(bots.userId, sql.placeholder("userId")))
    .orderBy(desc(bots.createdAt), desc(bots.id)),
);

export async function listOwnedBots(db: Db, userId: UserId): Promise<{ bot: BotRow; isListed: boolean }[]> {
  const rows = await ownedBotsNewestFirst(db, { userId });
  return rows.map((row) => ({ bot: row.bot, isListed: row.listingId !== null }));
}

/**
 * Locks the player's profile row. Every path that counts or changes the roster as a whole (summon, create,
 * activate, recycle, fusion, marketplace purchase) takes it first, so "at most 20 bots" and "never recycle the
 * active bot" hold under any concurrency. Returns the wallet balance as the lock saw it.
 * Take it before any bot lock: moveCoins writes the profile row, so "bot, then coins" in one request and
 * "profile, then bot" in another would deadlock.
 */
export async function lockProfile(db: Db, userId: UserId): Promise<{ coins: number }> {
  const [row] = await lockProfiles(db, [userId]);
  if (!row) throw new AppError(401, "NOT_AUTHENTICATED", messages.notAuthenticated);
  return row;
}

const botCount = hotStatement("bot_count", (db) =>
  db
    .select({ total: count() })
    .from(bots)
    .where(eq(bots.userId, sql.placeholder("userId"))),
);

export async function countBots(db: Db, userId: UserId): Promise<number> {
  const [row] = await botCount(db, { userId });
  return row?.total ?? 0;
}

export async function isListed(db: Db, botId: BotId): Promise<boolean> {
  const rows = await db
    .select({ id: marketplaceListings.id })
    .from(marketplaceListings)
    .where(eq(marketplaceListings.botId, botId));
  return rows.length > 0;
}

/** 409 with the unlist hint when the bot is on the marketplace. */
export async function assertNotListed(db: Db, botId: BotId): Promise<void> {
  if (await isListed(db, botId)) throw conflict(botsMessages.botListed);
}

/** The bot with its energy regenerated to `now` (1 a minute up to max, partial minutes carried); no write. */
export function withRegeneratedEnergy(bot: BotRow, now: Date): BotRow {
  const regenerated = regenerateEnergy(
    { energy: bot.energy, maxEnergy: bot.maxEnergy, lastEnergyUpdate: bot.lastEnergyUpdate.getTime() },
    now.getTime(),
  );
  if (!regenerated.changed) return bot;
  return { ...bot, energy: regenerated.energy, lastEnergyUpdate: new Date(regenerated.lastEnergyUpdate) };
}

/**
 * Regenerates the bot's energy (1 a minute up to max, partial minutes carried) and writes it back, returning
 * the bot as it now stands. Spending callers lock the row first, then write their new energy together with
 * the returned lastEnergyUpdate (for a full bot that is `now`, so the next point comes a whole minute after
 * the spend). The write is conditional on the row still holding what was read, so an unlocked reader racing
 * a spender never hands back spent energy; the loser of such a race just skips its write.
 */
export async function refreshEnergy(db: Db, bot: BotRow, now: Date): Promise<BotRow> {
  const next = withRegeneratedEnergy(bot, now);
  // A full bot only moves its clock, which nobody reads before regenerating again: no write needed.
  if (next.energy === bot.energy) return next;
  const read = bot.lastEnergyUpdate;
  await db
    .update(bots)
    .set({ energy: next.energy, lastEnergyUpdate: next.lastEnergyUpdate })
    .where(
      and(
        eq(bots.id, bot.id),
        eq(bots.energy, bot.energy),
        // Stored times may carry microseconds; the Date read back has milliseconds.
        gte(bots.lastEnergyUpdate, read),
        lt(bots.lastEnergyUpdate, sql`${read.toISOString()}::timestamptz + interval '1 millisecond'`),
      ),
    );
  return next;
}

/** The API's camelCase bot. */
export function toBotDto(row: BotRow, options: { isListed: boolean }): BotDto {
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    botClass: row.class,
    rarity: row.rarity,
    level: row.level,
    xp: row.xp,
    energy: row.energy,
    maxEnergy: row.maxEnergy,
    lastEnergyUpdate: row.lastEnergyUpdate.toISOString(),
    isActive: row.isActive,
    wins: row.wins,
    losses: row.losses,
    strength: row.strength,
    agility: row.agility,
    defense: row.defense,
    intelligence: row.intelligence,
    availablePoints: row.availablePoints,
    statPointsAllocated: row.statPointsAllocated,
    durability: row.durability,
    maxDurability: row.maxDurability,
    colorPrimary: row.colorPrimary,
    colorSecondary: row.colorSecondary,
    imageUrl: row.imageUrl,
    equippedWeaponId: row.equippedWeaponId,
    isListed: options.isListed,
    setupStage: setupStageOf(row),
    isCustomized: row.customizedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One bot as the API answers it, reading its listing state. */
export async function botDtoOf(db: Db, row: BotRow): Promise<BotDto> {
  return toBotDto(row, { isListed: await isListed(db, row.id) });
}

export { type BotImageDeps, regenerateBotImage } from "./bot-images";
