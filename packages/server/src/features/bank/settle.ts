// Settling a cash-out: paid (with the payment's reference) or refunded to the player's vault (with a reason),
// exactly once. The request's conditional update (`where status = 'pending'`) decides who settles it when an
// operator's 'Mark paid' races a 'Refund', two admins click at once or the payout provider reports back: one
// outcome, and at most one refund row in the ledger. The player's bank hears of it on their `me` channel, and an
// alert keeps it in their inbox.

import { adminCashoutMessages, type CashoutSettledAlert, playerAlertKinds } from "@bot-arena/contract";
import { Coins } from "@bot-arena/game";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/database";
import { lockProfiles } from "../../platform/db/locks";
import { cashoutGamertags, cashoutRequests, type cashoutStages } from "../../platform/db/schema";
import { conflict, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { publishToPlayer } from "../../platform/live/publish";
import { raiseAlerts } from "../alerts/raise";

export type Settlement = { outcome: "paid"; reference: string } | { outcome: "refunded"; reason: string };
export type CashoutRow = typeof cashoutRequests.$inferSelect;
export type CashoutStage = (typeof cashoutStages)[number];

/**
 * The stages an operator may settle from: not while a payment may be on its way at the provider (sending,
 * confirming), where a refund could give back coins that are being paid.
 */
export const OPERATOR_SETTLES_FROM: readonly CashoutStage[] = ["review", "manual", "queued", "held"];

/**
 * Settles one request inside `tx`; `by` is the admin, or null for the payout provider. `from` limits the stages
 * it may be settled from (an operator's); a request in another stage answers 409.
 */
export async function settleCashoutIn(
  tx: Tx,
  now: Date,
  id: string,
  settlement: Settlement,
  by: UserId | null,
  from?: readonly CashoutStage[],
): Promise<CashoutRow> {
  const [request] = await tx
    .select({ userId: cashoutRequests.userId })
    .from(cashoutRequests)
    .where(eq(cashoutRequests.id, id));
  if (!request) throw notFound(adminCashoutMessages.notFound);
  // The profile first (a refund moves its vault), then the request: the lock order.
  await lockProfiles(tx, [request.userId]);
  const [settled] = await tx
    .update(cashoutRequests)
    .set({
      status: settlement.outcome,
      stage: "done",
      nextDueAt: null,
      settledAt: now,
      settledBy: by,
      ...(settlement.outcome === "paid"
        ? { providerRef: settlement.reference }
        : { refundReason: settlement.reason }),
    })
    .where(
      and(
        eq(cashoutRequests.id, id),
        eq(cashoutRequests.status, "pending"),
        from ? inArray(cashoutRequests.stage, [...from]) : undefined,
      ),
    )
    .returning();
  if (!settled) {
    const [current] = await tx
      .select({ status: cashoutRequests.status })
      .from(cashoutRequests)
      .where(eq(cashoutRequests.id, id));
    throw conflict(
      current?.status === "pending" ? adminCashoutMessages.inFlight : adminCashoutMessages.alreadySettled,
    );
  }
  if (settlement.outcome === "paid") {
    // The first account paid to a gamertag owns it: another account asking for it is held for review.
    await tx
      .insert(cashoutGamertags)
      .values({ gamertag: sql`lower(${settled.gamertag})`, userId: settled.userId, firstPaidAt: now })
      .onConflictDoNothing();
  }
  if (settlement.outcome === "refunded") {
    await moveCoins(tx, {
      userId: settled.userId,
      account: "vault",
      credit: Coins(settled.amount),
      reason: "cashout_refund",
      refType: "cashout_request",
      refId: settled.id,
    });
  }
  await publishToPlayer(tx, settled.userId, "cashout", {
    id: settled.id,
    status: settled.status,
    amount: settled.amount,
    ...(settled.refundReason ? { reason: settled.refundReason } : {}),
  });
  const alert: CashoutSettledAlert = {
    cashoutId: settled.id,
    status: settlement.outcome,
    amount: settled.amount,
    reason: settled.refundReason ?? null,
  };
  await raiseAlerts(tx, [{ userId: settled.userId, kind: playerAlertKinds.cashoutSettled, data: alert }]);
  return settled;
}

export function settleCashout(db: Db, clock: Clock, id: string, settlement: Settlement, by: UserId | null) {
  return db.transaction((tx) => settleCashoutIn(tx, clock.now(), id, settlement, by));
}

/** What the player reads of a request's stage. */
export function phaseOf(row: Pick<CashoutRow, "status" | "stage">) {
  if (row.status === "paid") return "paid" as const;
  if (row.status === "refunded") return "refunded" as const;
  return row.stage === "review" ? ("under_review" as const) : ("processing" as const);
}
