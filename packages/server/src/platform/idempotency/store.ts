// The statements on `idempotency_keys`: claim a key inside the action's transaction, read it, write its answer,
// sweep old rows. Raw SQL because the claim's upsert (take over only an expired row) and its RETURNING of the
// backend's pid say in one statement what the query builder would need several for.
import { sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../db/database";
import type { UserId } from "../ids";

/** Who sent which key with what: the claim's identity. */
export type KeyOf = {
  playerId: UserId;
  key: string;
  /** Method and path as requested (`POST /api/bots/<id>/name`). */
  request: string;
  bodyHash: string;
  /** The claim's time (the platform clock); older than `cutoff` a row is expired. */
  now: Date;
  cutoff: Date;
};

export type KeyRow = {
  request: string;
  bodyHash: string;
  status: number | null;
  response: string | null;
  /** What the claiming transaction returned, serialized (effect.ts); null when it could not be kept. */
  effect: Uint8Array | null;
  createdAt: Date;
};

/**
 * Inserts the key's row in `tx`, or takes over an expired one. A row of a request still running blocks this
 * statement until that one commits or rolls back. Returns the backend's pid, or null when the key is taken by
 * a live row (the transaction must then be rolled back: it must not act).
 */
export async function claimKey(tx: Tx, k: KeyOf): Promise<number | null> {
  const result = await tx.execute(sql`
    insert into idempotency_keys (player_id, key, request, body_hash, created_at)
    values (${k.playerId}, ${k.key}, ${k.request}, ${k.bodyHash}, ${k.now.toISOString()}::timestamptz)
    on conflict (player_id, key) do update
      set request = excluded.request, body_hash = excluded.body_hash, status = null, response = null,
        created_at = excluded.created_at
      where idempotency_keys.created_at <= ${k.cutoff.toISOString()}::timestamptz
    returning pg_backend_pid() as pid`);
  const row = rowsOf<{ pid: number }>(result)[0];
  return row ? Number(row.pid) : null;
}

/** The key's row unless it expired. */
export async function readKey(db: Db, k: KeyOf): Promise<KeyRow | null> {
  const result = await db.execute(sql`
    select request, body_hash as "bodyHash", status, response, effect, created_at as "createdAt"
    from idempotency_keys
    where player_id = ${k.playerId} and key = ${k.key} and created_at > ${k.cutoff.toISOString()}::timestamptz`);
  const row = rowsOf<KeyRow & { createdAt: Date | string }>(result)[0];
  return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
}

/** Keeps the claiming transaction's effect in its claim, inside that transaction (so it commits with it). */
export async function saveEffect(tx: Tx, k: KeyOf, effect: Uint8Array): Promise<void> {
  await tx.execute(sql`
    update idempotency_keys set effect = ${effect}
    where player_id = ${k.playerId} and key = ${k.key} and created_at = ${k.now.toISOString()}::timestamptz`);
}

/** True when this request's own claim is committed (its time and body, not an older row's). */
export async function isClaimed(db: Db, k: KeyOf): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from idempotency_keys
    where player_id = ${k.playerId} and key = ${k.key} and created_at = ${k.now.toISOString()}::timestamptz
      and body_hash = ${k.bodyHash}`);
  return rowsOf(result).length > 0;
}

/** Writes the answer into this request's committed claim (a row still without one). */
export async function saveAnswer(db: Db, k: KeyOf, status: number, response: string): Promise<void> {
  await db.execute(sql`
    update idempotency_keys set status = ${status}, response = ${response}
    where player_id = ${k.playerId} and key = ${k.key} and created_at = ${k.now.toISOString()}::timestamptz
      and status is null`);
}

/**
 * Stores the answer of a request that ran no transaction (so claimed nothing): kept for the repeats to come,
 * unless a live row got there first.
 */
export async function saveUnclaimedAnswer(db: Db, k: KeyOf, status: number, response: string): Promise<void> {
  await db.execute(sql`
    insert into idempotency_keys (player_id, key, request, body_hash, status, response, created_at)
    values (${k.playerId}, ${k.key}, ${k.request}, ${k.bodyHash}, ${status}, ${response},
      ${k.now.toISOString()}::timestamptz)
    on conflict (player_id, key) do update
      set request = excluded.request, body_hash = excluded.body_hash, status = excluded.status,
        response = excluded.response, created_at = excluded.created_at
      where idempotency_keys.created_at <= ${k.cutoff.toISOString()}::timestamptz`);
}

/** Deletes up to `limit` expired rows, oldest first (the created_at index finds them). */
export async function sweepKeys(db: Db, cutoff: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from idempotency_keys where (player_id, key) in (
      select player_id, key from idempotency_keys
      where created_at <= ${cutoff.toISOString()}::timestamptz
      order by created_at limit ${limit})
    returning 1`);
  return rowsOf(result).length;
}

/** True while the database backend `pid` still exists (a connection's transaction may still be finishing). */
export async function backendAlive(db: Db, pid: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from pg_stat_activity where pid = ${pid}`);
  return rowsOf(result).length > 0;
}

/** Ends backend `pid` (one whose connection this process lost), so its transaction's outcome is final. */
export async function endBackend(db: Db, pid: number): Promise<void> {
  await db.execute(sql`select pg_terminate_backend(${pid})`);
}
