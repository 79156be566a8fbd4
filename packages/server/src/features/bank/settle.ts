// Settling a cash-out: paid (with the payment's reference) or refunded to the player's vault (with a reason),
// exactly once. The request's conditional update (`where status = 'pending'`) decides who settles it when an
// operator's 'Mark paid' races a 'Refund', two admins click at once or the payout provider reports back: one
// outcome, and at most one refund row in the ledger. The player hears of it on their `me` channel.

import { adminCashoutMessages } from "@bot-arena/contract";
import { Coins } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/database";
import { lockProfiles } from "../../platform/db/locks";
import { cashoutRequests } from "../../platform/db/schema";
import { conflict, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { publishToPlayer } from "../../platform/live/publish";

export type Settlement = { outcome: "paid"; reference: string } | { outcome: "refunded"; reason: string };
export type CashoutRow = typeof cashoutRequests.$inferSelect;

/** Settles one request inside `tx`; `by` is the admin, or null for the payout provider. */
export async function settleCashoutIn(
  tx: Tx,
  now: Date,
  id: string,
  settlement: Settlement,
  by: UserId | null,
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
      settledAt: now,
      settledBy: by,
      ...(settlement.outcome === "paid"
        ? { providerRef: settlement.reference }
        : { refundReason: settlement.reason }),
    })
    .where(and(eq(cashoutRequests.id, id), eq(cashoutRequests.status, "pending")))
    .returning();
  if (!settled) throw conflict(adminCashoutMessages.alreadySettled);
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
  return settled;
}

export function settleCashout(db: Db, clock: Clock, id: string, settlement: Settlement, by: UserId | null) {
  return db.transaction((tx) => settleCashoutIn(tx, clock.now(), id, settlement, by));
}
