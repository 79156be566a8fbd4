// Knows whether code runs inside a db.transaction callback: tests wrap the app's database handle with it, so a
// drawing (or anything else that must not hold a player's rows) can ask where it is.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "../src/platform/db/database";

const open = new AsyncLocalStorage<true>();

/** True inside a transaction callback of a watched handle, and in everything it awaits. */
export const inTransaction = (): boolean => open.getStore() === true;

/** Marks every transaction of `db` from now on; the services read `db.transaction` at each call. */
export function watchTransactions(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => open.run(true, () => transaction(work, config))) as Db["transaction"];
}
