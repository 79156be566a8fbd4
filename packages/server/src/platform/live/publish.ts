// Publishing a live event: one pg_notify on one channel. Inside a transaction PostgreSQL delivers it on commit
// (and drops it on rollback), to every server process listening on the same database.
import { sql } from "drizzle-orm";
import type { Db } from "../db/database";
import type { UserId } from "../ids";

export const LIVE_NOTIFY_CHANNEL = "bot_arena_live";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7_900;

export type LiveEnvelope = {
  channel: string;
  kind: string;
  data?: Record<string, unknown>;
  /** Deliver only to this player's sockets (always set for `me`). */
  userId?: UserId;
  /** Deliver only to sockets opened with this session (and close them afterwards when kind is signed-out). */
  sessionId?: string;
  at: number;
};

export type LiveEvent = Omit<LiveEnvelope, "at">;

export function encodeEnvelope(event: LiveEvent, at = Date.now()): string {
  const json = JSON.stringify({ ...event, at });
  if (Buffer.byteLength(json) <= MAX_PAYLOAD_BYTES) return json;
  // Events are hints to refetch; without its data the client still knows what to refetch.
  const { data: _dropped, ...rest } = event;
  return JSON.stringify({ ...rest, at });
}

/** Pass the transaction when the event announces something that transaction writes. */
export async function publish(db: Db, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_NOTIFY_CHANNEL}, ${encodeEnvelope(event)})`);
}

/** An event on the player's own `me` channel: balances, bots, profile. */
export function publishToPlayer(db: Db, userId: UserId, kind: string, data?: Record<string, unknown>) {
  return publish(db, { channel: "me", kind, userId, ...(data ? { data } : {}) });
}
