// The one place `db.transaction` is assembled: each cross-cutting concern is a layer around the next, and the
// order below is the only order they run in. Installed once per database handle when it opens (postgres.ts,
// pglite.ts); a layer a driver does not need (PGlite has no pool to lose clients from, nor deadlocks between
// connections to retry) is left out, and the others keep their places.
import type { Db } from "./database";

export type RunTransaction = Db["transaction"];
/** A layer takes the transaction it wraps and answers the wrapped one. */
export type TransactionLayer = (inner: RunTransaction) => RunTransaction;

/**
 * Outermost first, and why each sits where it does:
 * - idempotencyClaim: a keyed request's first transaction claims its key inside the work, so every retried
 *   attempt claims again in its own transaction, and a replay answers before anything below runs;
 * - afterCommit: live events wait for the commit of the whole (retried) transaction; each attempt starts with
 *   none of the events of the attempt that rolled back;
 * - retry: a deadlock or serialization failure runs the attempt again, with a fresh checkout and lock guard;
 * - checkout: a client whose backend died during one attempt goes back to the pool marked broken;
 * - lockOrder: each attempt's transaction follows its handle's lock-order policy (locks.ts).
 */
export const TRANSACTION_LAYERS = [
  "idempotencyClaim",
  "afterCommit",
  "retry",
  "checkout",
  "lockOrder",
] as const;
export type TransactionLayerName = (typeof TRANSACTION_LAYERS)[number];

const installed = new WeakSet<Db>();

/** Replaces `db.transaction` with the layers given, in TRANSACTION_LAYERS' order; once per handle. */
export function installTransactionPipeline(
  db: Db,
  layers: Partial<Record<TransactionLayerName, TransactionLayer>>,
): Db {
  if (installed.has(db)) throw new Error("the transaction pipeline is installed once per database handle");
  installed.add(db);
  let run: RunTransaction = db.transaction.bind(db);
  for (const name of [...TRANSACTION_LAYERS].reverse()) {
    const layer = layers[name];
    if (layer) run = layer(run);
  }
  db.transaction = run;
  return db;
}
