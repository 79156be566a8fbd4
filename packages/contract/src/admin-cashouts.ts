// The operators' cash-out queue (issue 17): pending requests oldest first, each paid (with the provider's
// reference) or refunded to the player's vault (with a reason), exactly once.

import { cashoutStatus } from "./bank";
import { z } from "./zod";

/** The bank promises a payout within 24-48 hours: a pending request older than this is flagged. */
export const CASHOUT_OVERDUE_HOURS = 48;
export const SETTLEMENT_TEXT_MAX = 200;

export const adminCashoutMessages = {
  notFound: "Cash-out not found",
  alreadySettled: "This cash-out is already settled",
  enterReference: "Enter the payment reference",
  enterRefundReason: "Enter a reason for the refund",
  tooLong: `At most ${SETTLEMENT_TEXT_MAX} characters`,
  markedPaid: (amount: number, username: string) => `Cash-out of ${amount} coins to ${username} marked paid`,
  refunded: (amount: number, username: string) => `Refunded ${amount} coins to ${username}'s vault`,
  providerFailed: "The payment could not be made",
} as const;

const settlementText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(SETTLEMENT_TEXT_MAX, { error: adminCashoutMessages.tooLong });

export const adminCashout = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  gamertag: z.string(),
  amount: z.number().int(),
  status: cashoutStatus,
  createdAt: z.string(),
  /** Whole hours since the request, by the server's clock. */
  ageHours: z.number().int(),
  /** Pending for longer than the 48 hours the bank promises. */
  overdue: z.boolean(),
  settledAt: z.string().nullable(),
  /** The admin who settled it; null while pending or when the payout provider did. */
  settledBy: z.string().nullable(),
  providerRef: z.string().nullable(),
  refundReason: z.string().nullable(),
});
export type AdminCashout = z.infer<typeof adminCashout>;

export const adminCashoutsQuery = z.object({ status: cashoutStatus.default("pending") });
export const adminCashoutsResponse = z.object({ cashouts: z.array(adminCashout) });
export type AdminCashoutsResponse = z.infer<typeof adminCashoutsResponse>;

export const cashoutIdParams = z.object({ id: z.uuid({ error: adminCashoutMessages.notFound }) });
export const markPaidBody = z.object({ reference: settlementText(adminCashoutMessages.enterReference) });
export const refundBody = z.object({ reason: settlementText(adminCashoutMessages.enterRefundReason) });
export const settleCashoutResponse = z.object({ message: z.string(), cashout: adminCashout });
export type SettleCashoutResponse = z.infer<typeof settleCashoutResponse>;

export const adminCashoutRoutes = {
  adminCashouts: {
    method: "GET",
    path: "/api/admin/cashouts",
    summary:
      "Cash-out requests by status: pending oldest first (overdue after 48 hours), settled newest first",
    auth: "admin",
    query: adminCashoutsQuery,
    response: adminCashoutsResponse,
  },
  adminCashoutPaid: {
    method: "POST",
    path: "/api/admin/cashouts/:id/paid",
    summary: "Settle a pending cash-out as paid, with the payment's reference",
    auth: "admin",
    params: cashoutIdParams,
    body: markPaidBody,
    response: settleCashoutResponse,
  },
  adminCashoutRefund: {
    method: "POST",
    path: "/api/admin/cashouts/:id/refund",
    summary: "Settle a pending cash-out by refunding its coins to the player's vault, with a reason",
    auth: "admin",
    params: cashoutIdParams,
    body: refundBody,
    response: settleCashoutResponse,
  },
} as const;
