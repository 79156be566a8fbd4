// The one lock order every transaction follows: an event's row (a tournament, a guild war, a muster request),
// then players' profiles by id, then bots by id, then guilds by id, then the rest. Two transactions that lock
// in the same order queue instead of deadlocking. The helpers here remember, per transaction, what it holds, so
// a lock taken out of order fails loudly (LockOrderError) in every test that takes that path instead of
// deadlocking now and then in production. The ledger (moveCoins) and the event runner's claim report their
// locks here too; a row the transaction created itself is its own and takes no place in the order.
import { asc, getTableColumns, inArray, type Placeholder, sql } from "drizzle-orm";
import type { BotId, UserId } from "../ids";
import type { Db } from "./database";
import { hotStatement } from "./hot-statements";
import { bots, profiles } from "./schema";
import type { TransactionLayer } from "./transaction-pipeline";

export class LockOrderError extends Error {}

/**
 * Where a broken order goes: thrown (strict: the default, and always in tests, so the path fails where it is
 * written), or, in production (LOCK_ORDER=warn), handed to the server's log while the request goes on: there a
 * broken order risks a deadlock the retry absorbs, and a request that always failed would be worse. The app
 * sets it on the database handle it serves (app.ts); each transaction of that handle carries it (the
 * pipeline's lockOrder layer), so two apps on two handles in one process keep their own.
 */
export type LockOrderPolicy = { mode: "strict" } | { mode: "warn"; report: (error: LockOrderError) => void };

const policies = new WeakMap<Db, LockOrderPolicy>();
const policyOfTransaction = new WeakMap<object, LockOrderPolicy>();

/** The handle's policy: set by the app built on it; refused when a second app asks for another mode. */
export function setLockOrderPolicy(db: Db, policy: LockOrderPolicy): void {
  const current = policies.get(db);
  if (current && current.mode !== policy.mode) {
    throw new Error(`this database handle's apps follow LOCK_ORDER=${current.mode}: one handle, one policy`);
  }
  if (!current) policies.set(db, policy);
}

/** The pipeline's lockOrder layer: each attempt's transaction follows the handle's policy (strict unless set). */
export const guardLockOrder =
  (db: Db): TransactionLayer =>
  (transaction) =>
    ((work, config) =>
      transaction((tx) => {
        const policy = policies.get(db);
        if (policy) policyOfTransaction.set(tx, policy);
        return work(tx);
      }, config)) as typeof transaction;

function broken(tx: Db, message: string): void {
  const error = new LockOrderError(message);
  const policy = policyOfTransaction.get(tx);
  if (policy?.mode === "warn") policy.report(error);
  else throw error;
}

/** The kinds of row in the order, first to last. */
export const LOCK_ORDER = ["event", "profile", "bot", "guild"] as const;
export type LockKind = (typeof LOCK_ORDER)[number];

/** Per transaction: the ids held of each kind (a bot lock taken by owner may hold no known id). */
const held = new WeakMap<object, Map<LockKind, Set<string>>>();

function heldBy(tx: Db): Map<LockKind, Set<string>> {
  let byKind = held.get(tx);
  if (!byKind) {
    byKind = new Map();
    held.set(tx, byKind);
  }
  return byKind;
}

/**
 * Records that `tx` is about to lock rows of `kind` (ids as the order compares them); throws when a kind later
 * in the order is already held, or when a new id sorts before one already held of the same kind (take every
 * row of a kind in one call, in id order). Locking a row already held is always fine.
 */
export function noteLocks(tx: Db, kind: LockKind, ids: readonly string[]): void {
  const byKind = heldBy(tx);
  const same = byKind.get(kind) ?? new Set<string>();
  const fresh = [...new Set(ids)].filter((id) => !same.has(id)).sort();
  if (fresh.length === 0 && ids.length > 0) return;
  const rank = LOCK_ORDER.indexOf(kind);
  for (const [other, rows] of byKind) {
    if (LOCK_ORDER.indexOf(other) > rank && rows.size > 0) {
      broken(tx, `lock order: a ${kind} after a ${other} (the order: ${LOCK_ORDER.join(", ")}, each by id)`);
      break;
    }
  }
  const newest = [...same].sort().at(-1);
  if (newest !== undefined && fresh.some((id) => id < newest)) {
    broken(tx, `lock order: ${kind}s by id: lock every one a transaction needs in one call`);
  }
  // Held from the moment the statement is sent: a later lock may follow in the same flight (a pipelining
  // connection runs them in the order sent), and if this one fails the whole transaction fails with it.
  for (const id of fresh) same.add(id);
  // A lock by owner (the active bot) holds rows whose ids are not known yet.
  if (ids.length === 0) same.add("*");
  byKind.set(kind, same);
}

/** A row this transaction inserted: nobody else can hold it, so it takes no place in the order. */
export function noteCreated(tx: Db, kind: LockKind, id: string): void {
  const byKind = heldBy(tx);
  byKind.set(kind, (byKind.get(kind) ?? new Set<string>()).add(id));
}

/** An event row's key in the order: its table and id (a tournament and a war never share a key). */
export const eventKey = (table: string, id: string): string => `${table}:${id}`;

export type LockedProfile = { id: UserId; username: string; coins: number; vaultCoins: number };

const lockedProfileColumns = {
  id: profiles.id,
  username: profiles.username,
  coins: profiles.coins,
  vaultCoins: profiles.vaultCoins,
};

const profilesInIdOrder = (tx: Db, ids: readonly (UserId | Placeholder)[]) =>
  tx
    .select(lockedProfileColumns)
    .from(profiles)
    .where(inArray(profiles.id, ids))
    .orderBy(asc(profiles.id))
    .for("update");

// One player (most actions) and two (a PvP battle, a sale) are nearly every lock: built once each.
const lockOneProfile = hotStatement("lock_profiles_1", (tx) => profilesInIdOrder(tx, [sql.placeholder("a")]));
const lockTwoProfiles = hotStatement("lock_profiles_2", (tx) =>
  profilesInIdOrder(tx, [sql.placeholder("a"), sql.placeholder("b")]),
);

/** Locks the players' profiles in id order (FOR UPDATE) and returns them; call before any bot lock. */
export async function lockProfiles(tx: Db, userIds: readonly UserId[]): Promise<LockedProfile[]> {
  const ids = [...new Set(userIds)].sort();
  noteLocks(tx, "profile", ids);
  if (ids.length === 1) return lockOneProfile(tx, { a: ids[0] });
  if (ids.length === 2) return lockTwoProfiles(tx, { a: ids[0], b: ids[1] });
  return profilesInIdOrder(tx, ids);
}

/** Call before locking (or writing) a bot of `owner`: its profile must already be held by this transaction. */
export function assertProfileHeld(tx: Db, owner: UserId): void {
  if (!heldBy(tx).get("profile")?.has(owner)) {
    broken(tx, "lock order: lock the owner's profile (lockProfiles) before the bot");
  }
  noteLocks(tx, "bot", []);
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
  noteLocks(tx, "bot", botIds);
  return tx
    .select(botWithListing)
    .from(bots)
    .where(inArray(bots.id, [...new Set(botIds)]))
    .orderBy(asc(bots.id))
    .for("update");
}
