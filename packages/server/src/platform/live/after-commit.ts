// Makes `db.transaction` hold the live events its work publishes until it commits, then hand them (without
// waiting) to a sender that groups them: while one NOTIFY statement is on its way, the events of every transaction that commits
// meanwhile wait and go out together in the next. A process sends at most one at a time, so bursts of commits
// cost a few NOTIFYs, not one each. A layer of the transaction pipeline, outside the retry, so a retried
// attempt starts with none of the events of the attempt that rolled back.
import type { Db } from "../db/database";
import type { TransactionLayer } from "../db/transaction-pipeline";
import { notifiers, type PendingEvents, pendingEvents } from "./publish";

type Log = { warn(obj: unknown, msg?: string): void };

/** Sends payloads in order; the answer waits for the batch they went out in. */
export type Notifier = {
  send(payloads: readonly string[]): Promise<void>;
  /** Resolves once everything handed over so far has gone out (before the database closes). */
  drain(): Promise<void>;
};

export function createNotifier(notify: (payloads: string[]) => Promise<void>, log: Log): Notifier {
  let queue: { payloads: readonly string[]; done: () => void }[] = [];
  let sending = false;

  async function drain() {
    sending = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await notify(batch.flatMap((entry) => entry.payloads));
      } catch (error) {
        // The writes are committed: a lost announcement must not turn them into an error for the player.
        log.warn({ err: error, events: batch.length }, "live: events not announced");
      }
      for (const entry of batch) entry.done();
    }
    sending = false;
  }

  let last: Promise<void> = Promise.resolve();
  return {
    send(payloads) {
      if (payloads.length === 0) return Promise.resolve();
      last = new Promise<void>((done) => {
        queue.push({ payloads, done });
        if (!sending) void drain();
      });
      return last;
    },
    drain: () => last,
  };
}

/** The pipeline's after-commit layer; `db`'s publishing outside a transaction goes to the same notifier. */
export function publishAfterCommit(db: Db, notifier: Notifier): TransactionLayer {
  notifiers.set(db, notifier);
  return (transaction) =>
    ((work, config) => {
      const pending: PendingEvents = { payloads: [], open: true, afterSend: [] };
      return pendingEvents.run(pending, async () => {
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await transaction((tx) => {
            pending.payloads = [];
            pending.afterSend = [];
            return work(tx);
          }, config);
        } finally {
          pending.open = false;
        }
        // Not awaited: the answer does not wait a round trip for its announcement. The queue keeps the order in
        // which transactions committed, and the database's close drains it.
        void notifier.send(pending.payloads);
        // The few that must be heard before the caller goes on (a sign-out): waited for, after the send.
        if (pending.afterSend.length > 0) await Promise.all(pending.afterSend.map((wait) => wait()));
        return result;
      });
    }) as typeof transaction;
}
