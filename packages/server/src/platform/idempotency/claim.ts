// The claim rides in the action's own transaction. route.ts runs a request that carries an Idempotency-Key
// inside a `KeyedRequest` (AsyncLocalStorage); the first transaction that request opens inserts the key's row
// before its work, so the action never commits without its key, and a repeat running at the same moment (in
// this process or another) waits on the row's primary key and then finds it taken. Services stay unaware.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "../db/database";
import { isConnectionError } from "../db/pg-error";
import { isRetriableTransactionError } from "../db/retry";
import type { TransactionLayer } from "../db/transaction-pipeline";
import { decodeEffect, encodeEffect, workFingerprint } from "./effect";
import { backendAlive, claimKey, endBackend, isClaimed, type KeyOf, saveEffect } from "./store";

export type KeyedRequest = KeyOf & {
  /**
   * open: no claim yet (or the claiming transaction rolled back); claiming: a transaction carries it;
   * claimed: committed; taken: another request holds the key (this one must answer from its row);
   * replaying: a repeat of a claim whose answer was never stored, whose first transaction is answered with the
   * claim's effect instead of running (`effect`); replayed: it was.
   */
  state: "open" | "claiming" | "claimed" | "taken" | "replaying" | "replayed";
  /** replaying: the claim's stored effect (effect.ts). */
  effect?: Uint8Array;
  /** The handler has returned: transactions of work it left running claim nothing. */
  closed: boolean;
  /** The claiming transaction's COMMIT went out and its answer never came back: it may have happened. */
  uncertain?: boolean;
};

const keyedRequests = new AsyncLocalStorage<KeyedRequest>();

export const runKeyed = <T>(keyed: KeyedRequest, work: () => Promise<T>): Promise<T> =>
  keyedRequests.run(keyed, work);

/** Thrown inside the claiming transaction when the key is taken, so it rolls back having done nothing. */
export class KeyTaken extends Error {
  constructor() {
    super("idempotency key taken by another request");
    this.name = "KeyTaken";
  }
}

/** How long a lost connection's backend may take to end before it is told to. */
const BACKEND_END_WAIT_MS = 2_000;
const POLL_MS = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The connection broke after the work was done: the COMMIT may or may not have happened (the database got it
 * and committed, but its answer never came back). Once that backend has ended its transaction is final either
 * way, and the claim's row says which: a committed claim means the action happened, and the request goes on
 * as if the answer had arrived, instead of answering 503 for an action that was done.
 */
async function committedAfterAll(db: Db, keyed: KeyedRequest, pid: number): Promise<boolean> {
  try {
    let told = false;
    for (let waited = 0; await backendAlive(db, pid); waited += POLL_MS) {
      if (waited >= 2 * BACKEND_END_WAIT_MS) return false;
      if (waited >= BACKEND_END_WAIT_MS && !told) {
        told = true;
        await endBackend(db, pid);
      }
      await sleep(POLL_MS);
    }
    return await isClaimed(db, keyed);
  } catch {
    // The database is still out of reach: the outcome stays unknown, and so does the request's (503).
    return false;
  }
}

const isLostConnection = (error: unknown) => isConnectionError(error) && !isRetriableTransactionError(error);

/** A replay that cannot be made from the stored effect: the repeat answers as it would without one. */
export class ReplayRefused extends Error {
  constructor(why: string) {
    super(`idempotency: no replay from the stored effect: ${why}`);
    this.name = "ReplayRefused";
  }
}

/**
 * A replaying request's transactions: the first is the claim's, answered with its effect when it is the same
 * work (nothing runs, nothing is locked, nothing is announced); any other would act again, so it is refused.
 */
function replayTransaction(keyed: KeyedRequest, work: (...args: never[]) => unknown): Promise<unknown> {
  if (keyed.state === "replayed") return Promise.reject(new ReplayRefused("a second transaction"));
  const effect = keyed.effect ? decodeEffect(keyed.effect) : null;
  if (!effect || effect.of !== workFingerprint(work)) {
    return Promise.reject(new ReplayRefused("another transaction than the claim's"));
  }
  keyed.state = "replayed";
  return Promise.resolve(effect.value);
}

/**
 * The pipeline's outermost layer: a transaction claims the key of the keyed request it runs for (once per
 * request; a request without a key pays one AsyncLocalStorage read), inside its work, so each retried attempt
 * claims again inside its own transaction. `db` is the handle, for reading a claim after a lost COMMIT.
 */
export function claimKeysInTransactions(db: Db): TransactionLayer {
  return (transaction) =>
    ((work, config) => {
      const keyed = keyedRequests.getStore();
      if ((keyed?.state === "replaying" || keyed?.state === "replayed") && !keyed.closed) {
        return replayTransaction(keyed, work) as ReturnType<Db["transaction"]>;
      }
      if (keyed?.state !== "open" || keyed.closed) return transaction(work, config);
      keyed.state = "claiming";
      let worked: { value: unknown; pid: number } | null = null;
      return transaction(async (tx) => {
        worked = null;
        const pid = await claimKey(tx, keyed);
        if (pid === null) {
          keyed.state = "taken";
          throw new KeyTaken();
        }
        const value = await work(tx);
        // The effect commits with the action, so a repeat can answer from it if this process dies before the
        // answer is stored (requests.ts). One statement more, on keyed requests only.
        const effect = encodeEffect(workFingerprint(work), value);
        if (effect) await saveEffect(tx, keyed, effect);
        worked = { value, pid };
        return value;
      }, config).then(
        (value) => {
          keyed.state = "claimed";
          return value;
        },
        async (error: unknown) => {
          const done = worked as { value: unknown; pid: number } | null;
          // Its live events were dropped with the error (after-commit.ts held them): other tabs catch up later.
          if (done && isLostConnection(error) && (await committedAfterAll(db, keyed, done.pid))) {
            keyed.state = "claimed";
            return done.value;
          }
          if (keyed.state === "claiming") keyed.state = "open";
          if (done && isLostConnection(error)) keyed.uncertain = true;
          throw error;
        },
      );
    }) as typeof transaction;
}
