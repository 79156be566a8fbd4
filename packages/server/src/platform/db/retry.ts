// Every transaction retries a few times when PostgreSQL rolls it back for a deadlock (40P01) or a
// serialization failure (40001): nothing was written, the same work a moment later usually succeeds, and the
// player should never see a 503 for a race the database resolved. A layer of the transaction pipeline
// (transaction-pipeline.ts), so no service has to remember it. Work done inside a transaction callback must therefore be safe to run again
// (it is: everything in it is database writes that the rollback undid).
import { pgErrorOf } from "./pg-error";
import type { TransactionLayer } from "./transaction-pipeline";

const RETRIED_SQLSTATES = new Set(["40P01", "40001"]);

export const isRetriableTransactionError = (error: unknown): boolean =>
  RETRIED_SQLSTATES.has(pgErrorOf(error)?.code ?? "");

export type RetryPolicy = {
  attempts: number;
  /** The wait before retry n is a random share (full jitter) of baseDelayMs * 2^n. */
  baseDelayMs: number;
  onRetry?: (error: unknown, attempt: number) => void;
};

export const defaultRetryPolicy: RetryPolicy = { attempts: 5, baseDelayMs: 8 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work`, retrying it on a deadlock or serialization failure, with jittered backoff. */
export async function withRetry<T>(
  work: () => Promise<T>,
  policy: RetryPolicy = defaultRetryPolicy,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= policy.attempts || !isRetriableTransactionError(error)) throw error;
      policy.onRetry?.(error, attempt);
      await sleep(Math.random() * policy.baseDelayMs * 2 ** attempt);
    }
  }
}

/** The pipeline's retry layer; nested transactions (savepoints) are left to their outer one. */
export const retryTransactions =
  (policy: RetryPolicy = defaultRetryPolicy): TransactionLayer =>
  (transaction) =>
    ((work, config) => withRetry(() => transaction(work, config), policy)) as typeof transaction;
