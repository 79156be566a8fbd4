// The payout runner: sends queued cash-outs to ZBD, exactly once, on the one event runner (platform/reconciler.ts).
//
// A step claims a due request and, in its transaction, takes a lease: stage `sending`, one more send attempt
// counted, and the deadline moved past the longest a send can take. Only after that commit does the follow-up
// talk to ZBD, never inside a transaction. The request's own id is ZBD's internalId, and the invoice fetched for
// the gamertag is kept in the row: a Lightning invoice can be paid once, and ZBD refuses a second payment with an
// internalId it has seen. So whatever dies where:
// - a process killed mid-send leaves `sending` with its lease; the next claim, seeing an earlier attempt, looks
//   the payment up by the request's id before it could ever send again, and settles from what ZBD says;
// - a 5xx or a time-out (the outcome unknown) goes back to `queued` with a growing wait (1 s, 2 s ... a minute),
//   the same lookup first;
// - a payment ZBD accepted but has not finished is `confirming` and polled;
// - a permanent failure (the gamertag gone, ZBD refusing the payment) refunds the vault through the ledger with
//   ZBD's reason;
// - a project wallet with too little holds the request (`held`): never refunded, never dropped, re-checked every
//   minute against the balance, and the operators are told (the operations log, a warning, the admin page).
import { adminCashoutMessages } from "@bot-arena/contract";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/database";
import { rowsOf } from "../../platform/db/database";
import { cashoutRequests } from "../../platform/db/schema";
import { logAdminAction } from "../../platform/ops-log";
import { type FollowUp, type Reconciler, retryDelayMs } from "../../platform/reconciler";
import { type CashoutRow, type CashoutStage, settleCashout } from "./settle";
import { type ZbdClient, ZbdError, type ZbdPayment } from "./zbd-client";

/** A pending payment is asked about again after this long. */
export const CONFIRM_POLL_MS = 2_000;
/** A held request looks at the wallet again after this long. */
export const HOLD_RECHECK_MS = 60_000;
/** Sends at once per process per pass. */
const SENDS_PER_PASS = 8;

const ACTIVE: readonly CashoutStage[] = ["queued", "sending", "confirming", "held"];

export const payoutDescription = (row: Pick<CashoutRow, "amount">) =>
  `Bot Arena cash-out of ${row.amount.toLocaleString("en-US")} coins`;

export function registerPayoutRunner(
  reconciler: Reconciler,
  deps: { db: Db; clock: Clock; client: ZbdClient; timeoutMs: number; log: FastifyBaseLogger },
): void {
  const { db, clock, client, log } = deps;
  // Past the longest a follow-up can take (a lookup, a charge and a payment, each bounded by the client's
  // time-out), so a live send is never taken for a dead one.
  const leaseMs = 3 * deps.timeoutMs + 5_000;
  const at = (ms: number) => new Date(clock.now().getTime() + ms);

  /** Moves the request on only if it is still where this follow-up left it (its stage and attempt). */
  async function move(row: CashoutRow, expected: CashoutStage, set: Partial<CashoutRow>): Promise<boolean> {
    const moved = await db
      .update(cashoutRequests)
      .set(set)
      .where(
        and(
          eq(cashoutRequests.id, row.id),
          eq(cashoutRequests.status, "pending"),
          eq(cashoutRequests.stage, expected),
          eq(cashoutRequests.sendAttempts, row.sendAttempts),
        ),
      )
      .returning({ id: cashoutRequests.id });
    return moved.length === 1;
  }

  async function settle(row: CashoutRow, settlement: Parameters<typeof settleCashout>[3]) {
    try {
      await settleCashout(db, clock, row.id, settlement, null);
    } catch (error) {
      // An operator settled it meanwhile (only from stages where nothing is on its way): nothing left to do.
      if (!(error instanceof Error && error.message === adminCashoutMessages.alreadySettled)) throw error;
    }
  }

  /** What ZBD said of the payment, into the row. */
  async function record(row: CashoutRow, stage: CashoutStage, payment: ZbdPayment): Promise<void> {
    if (payment.status === "completed") {
      await settle(row, { outcome: "paid", reference: payment.id });
    } else if (payment.status === "failed") {
      await settle(row, {
        outcome: "refunded",
        reason: payment.failureReason?.trim() || adminCashoutMessages.providerFailed,
      });
    } else {
      await move(row, stage, {
        stage: "confirming",
        providerRef: payment.id,
        nextDueAt: at(CONFIRM_POLL_MS),
        lastError: null,
      });
    }
  }

  async function failed(row: CashoutRow, stage: CashoutStage, error: unknown): Promise<void> {
    const kind = error instanceof ZbdError ? error.kind : "transient";
    const message = error instanceof Error ? error.message : String(error);
    if (kind === "unknown-gamertag") {
      await settle(row, {
        outcome: "refunded",
        reason: `The gamertag "${row.gamertag}" no longer exists at ZBD`,
      });
    } else if (kind === "rejected") {
      await settle(row, { outcome: "refunded", reason: `ZBD refused the payment: ${message}` });
    } else if (kind === "insufficient-balance") {
      await hold(row, stage, message);
    } else {
      // The outcome is unknown: the next attempt looks the payment up before it sends anything.
      log.warn(
        { err: error, cashoutId: row.id, attempt: row.sendAttempts },
        "payouts: send failed; will retry",
      );
      await move(row, stage, {
        stage: stage === "confirming" ? "confirming" : "queued",
        lastError: message.slice(0, 500),
        nextDueAt: at(stage === "confirming" ? CONFIRM_POLL_MS : retryDelayMs(row.sendAttempts)),
      });
    }
  }

  async function hold(row: CashoutRow, stage: CashoutStage, message: string): Promise<void> {
    const lastError = `The project wallet has too little to pay ${row.amountMsats} msats: ${message}`.slice(
      0,
      500,
    );
    log.warn(
      { cashoutId: row.id, amountMsats: row.amountMsats },
      "payouts: held, the project wallet is too low",
    );
    await db.transaction(async (tx) => {
      // Requests held side by side count each other one at a time, so one hold tells the operators once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cashout-payouts-held'))`);
      const [{ others = 0 } = {}] = rowsOf<{ others: number }>(
        await tx.execute(
          sql`select count(*)::int as others from cashout_requests where stage = 'held' and id <> ${row.id}`,
        ),
      );
      const moved = await tx
        .update(cashoutRequests)
        .set({ stage: "held", lastError, nextDueAt: at(HOLD_RECHECK_MS) })
        .where(
          and(
            eq(cashoutRequests.id, row.id),
            eq(cashoutRequests.stage, stage),
            eq(cashoutRequests.sendAttempts, row.sendAttempts),
          ),
        )
        .returning({ id: cashoutRequests.id });
      // The first request held tells the operators; the ones after it join the same hold.
      if (moved.length === 1 && others === 0) {
        await logAdminAction(tx, {
          adminId: null,
          action: "payouts_held",
          targetType: "cashout",
          targetId: row.id,
          result: "error",
          detail: { amountMsats: row.amountMsats, message },
        });
      }
    });
  }

  async function send(row: CashoutRow): Promise<void> {
    try {
      // An earlier attempt may have paid and died before it wrote so: ask ZBD before anything is sent again.
      if (row.sendAttempts > 1) {
        const found = await client.findPaymentByInternalId(row.id);
        if (found) return await record(row, "sending", found);
      }
      let invoice = row.invoice;
      if (invoice === null) {
        ({ invoice } = await client.fetchCharge({
          gamertag: row.gamertag,
          amountMsats: BigInt(row.amountMsats ?? "0"),
          description: payoutDescription(row),
          internalId: row.id,
        }));
        if (!(await move(row, "sending", { invoice }))) return;
      }
      const payment = await client
        .payInvoice({ invoice, internalId: row.id, description: payoutDescription(row) })
        .catch(async (error) => {
          // Paid already (by an attempt whose answer was lost): its payment is the one to record.
          if (!(error instanceof ZbdError && error.kind === "already-paid")) throw error;
          const found = await client.findPaymentByInternalId(row.id);
          if (!found) throw new ZbdError("transient", `${error.message}; no payment found for it yet`);
          return found;
        });
      await record(row, "sending", payment);
    } catch (error) {
      await failed(row, "sending", error);
    }
  }

  async function confirm(row: CashoutRow): Promise<void> {
    try {
      const payment = row.providerRef
        ? await client.getPayment(row.providerRef)
        : await client.findPaymentByInternalId(row.id);
      if (payment === null) throw new ZbdError("transient", "the payment is not listed yet");
      await record(row, "confirming", payment);
    } catch (error) {
      await failed(row, "confirming", error);
    }
  }

  async function recheckHeld(row: CashoutRow): Promise<void> {
    try {
      const balance = await client.walletBalanceMsats();
      const enough = balance >= BigInt(row.amountMsats ?? "0");
      await move(row, "held", {
        stage: enough ? "queued" : "held",
        nextDueAt: at(enough ? 0 : HOLD_RECHECK_MS),
      });
      if (enough) reconciler.nudge();
    } catch (error) {
      log.warn({ err: error, cashoutId: row.id }, "payouts: the wallet's balance could not be read");
      await move(row, "held", { nextDueAt: at(HOLD_RECHECK_MS) });
    }
  }

  reconciler.register({
    name: "cashout-payout",
    table: "cashout_requests",
    dueColumn: "next_due_at",
    maxFollowUps: SENDS_PER_PASS,
    async advance(tx: Tx, id: string): Promise<FollowUp | undefined> {
      const [row] = await tx.select().from(cashoutRequests).where(eq(cashoutRequests.id, id));
      if (row?.status !== "pending" || !ACTIVE.includes(row.stage)) {
        await tx.update(cashoutRequests).set({ nextDueAt: null }).where(eq(cashoutRequests.id, id));
        return undefined;
      }
      // A `sending` whose lease ran out is an attempt whose outcome nobody recorded: send again (lookup first).
      const sending = row.stage === "queued" || row.stage === "sending";
      const leased = {
        ...row,
        stage: sending ? ("sending" as const) : row.stage,
        sendAttempts: row.sendAttempts + (sending ? 1 : 0),
        nextDueAt: at(leaseMs),
      };
      await tx
        .update(cashoutRequests)
        .set({ stage: leased.stage, sendAttempts: leased.sendAttempts, nextDueAt: leased.nextDueAt })
        .where(eq(cashoutRequests.id, id));
      if (sending) return () => send(leased);
      return () => (row.stage === "confirming" ? confirm(leased) : recheckHeld(leased));
    },
  });
}
