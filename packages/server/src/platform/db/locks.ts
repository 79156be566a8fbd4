// The one lock order every transaction follows: players' profiles (by id), then bots (by id), then the rest.
// Two transactions that lock in the same order queue instead of deadlocking. The helpers here remember, per
// transaction, which profiles are held, so a bot lock taken before its owner's profile fails loudly in tests
// instead of deadlocking now and then in production.
import { asc, getTableColumns, inArray, sql } from "drizzle-orm";
import type { BotId, UserId } from "../ids";
import type { Db } from "./database";
import { bots, profiles } from "./schema";

const heldProfiles = new WeakMap<object, Set<string>>();
const heldBots = new WeakSet<object>();

export class LockOrderError extends Error {}

export type LockedProfile = { id: UserId; username: string; coins: number; vaultCoins: number };

/** Locks the players' profiles in id order (FOR UPDATE) and returns them; call before any bot lock. */
export async function lockProfiles(tx: Db, userIds: readonly UserId[]): Promise<LockedProfile[]> {
  if (heldBots.has(tx)) throw new LockOrderError("lock order: profiles must be locked before bots");
  const ids = [...new Set(userIds)].sort();
  const held = heldProfiles.get(tx) ?? new Set<string>();
  const newest = [...held].sort().at(-1);
  if (newest !== undefined && ids.some((id) => !held.has(id) && id < newest)) {
    throw new LockOrderError("lock order: lock every profile a transaction needs in one call");
  }
  // Held from the moment the statement is sent: a bot lock may follow it in the same flight (a pipelining
  // connection runs them in the order sent), and if this one fails the whole transaction fails with it.
  for (const id of ids) held.add(id);
  heldProfiles.set(tx, held);
  return tx
    .select({
      id: profiles.id,
      username: profiles.username,
      coins: profiles.coins,
      vaultCoins: profiles.vaultCoins,
    })
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .orderBy(asc(profiles.id))
    .for("update");
}

/** Call before locking (or writing) a bot of `owner`: its profile must already be held by this transaction. */
export function assertProfileHeld(tx: Db, owner: UserId): void {
  if (!heldProfiles.get(tx)?.has(owner)) {
    throw new LockOrderError("lock order: lock the owner's profile (lockProfiles) before the bot");
  }
  heldBots.add(tx);
}

/**
 * The bot's columns and whether it is on the marketplace, read with its lock: a battle refuses a listed bot,
 * and asking in the same statement saves the transaction a round trip while it holds its locks.
 */
export const botWithListing = {
  ...getTableColumns(bots),
  // Spelled out: inside a one-table query Drizzle leaves column names unqualified, and a bare "id" here would
  // be the listing's.
  isListed: sql<boolean>`exists (select 1 from marketplace_listings listing where listing.bot_id = "bots"."id")`,
} satisfies Record<string, unknown>;

/** Locks bots in id order (FOR UPDATE) after their owners' profiles; returns the rows found, listed or not. */
export async function lockBots(tx: Db, botIds: readonly BotId[], owners: readonly UserId[]) {
  for (const owner of owners) assertProfileHeld(tx, owner);
  return tx
    .select(botWithListing)
    .from(bots)
    .where(inArray(bots.id, [...new Set(botIds)]))
    .orderBy(asc(bots.id))
    .for("update");
}
