// Publishing a live event. Inside a transaction the event waits for the commit and then goes out on the live bus
// (bus.ts) with the other events committed about the same time (after-commit.ts): on PostgreSQL's bus a NOTIFY
// inside the transaction would take the cluster-wide notify lock at commit and hold it, with the transaction's
// row locks, until the commit is durable (docs/performance-history.md, issue 30). A rolled-back transaction announces
// nothing. Events are hints to refetch: a crash between the commit and the send loses one, and every socket
// resyncs when it reconnects.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "../db/database";
import type { UserId } from "../ids";

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; every bus keeps to it, so events look the same. */
export const MAX_PAYLOAD_BYTES = 7_900;

export type LiveEnvelope = {
  channel: string;
  kind: string;
  data?: Record<string, unknown>;
  /** Deliver only to this player's sockets (always set for `me`). */
  userId?: UserId;
  /** Deliver only to sockets opened with this session (and close them afterwards when kind is signed-out). */
  sessionId?: string;
  /** With `userId`: these channels are taken off every socket of that player first (they may follow them no more). */
  revoke?: string[];
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

/** The sender of a database handle's committed events (after-commit.ts), so publishes outside a transaction
 * queue behind them and every process announces in the order things happened. */
export const notifiers = new WeakMap<object, { send(payloads: readonly string[]): Promise<void> }>();

/**
 * The events a transaction published so far; `open` until it ends (committed or not). `afterSend` are waited
 * for after its commit, once its events are handed to the bus, before the transaction's promise resolves.
 */
export type PendingEvents = { payloads: string[]; open: boolean; afterSend: (() => Promise<void>)[] };
export const pendingEvents = new AsyncLocalStorage<PendingEvents>();

/**
 * Pass the transaction when the event announces something that transaction writes: it goes out after the
 * commit. Outside a transaction it goes out now.
 */
export async function publishAll(db: Db, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = Date.now();
  const payloads = events.map((event) => encodeEnvelope(event, at));
  const pending = pendingEvents.getStore();
  if (pending?.open) pending.payloads.push(...payloads);
  else {
    const notifier = notifiers.get(db);
    // Every handle the server makes is registered when the database opens (after-commit.ts); one that is not
    // would lose its events without a word.
    if (!notifier) throw new Error("live: this database handle has no bus to publish on");
    await notifier.send(payloads);
  }
}

export const publish = (db: Db, event: LiveEvent): Promise<void> => publishAll(db, [event]);

/**
 * Inside a transaction: `wait` runs after the commit, once the transaction's events went to the bus, and the
 * transaction's promise resolves only after it (a sign-out answers once its revocation was heard). Never run
 * when the transaction rolls back. Outside one it runs now.
 */
export async function afterCommit(wait: () => Promise<void>): Promise<void> {
  const pending = pendingEvents.getStore();
  if (pending?.open) pending.afterSend.push(wait);
  else await wait();
}

/** An event on the player's own `me` channel: balances, bots, profile. */
export function publishToPlayer(db: Db, userId: UserId, kind: string, data?: Record<string, unknown>) {
  return publish(db, { channel: "me", kind, userId, ...(data ? { data } : {}) });
}
