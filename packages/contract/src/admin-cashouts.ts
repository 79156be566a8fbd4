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
  notInReview: "This cash-out is not waiting for review",
  inFlight: "This cash-out is being paid by the provider: wait for its answer",
  approved: (amount: number, username: string) => `Approved ${amount} coins to ${username}: sending`,
  approvedManual: (amount: number, username: string) =>
    `Approved ${amount} coins to ${username}: pay it and mark it paid`,
  enterFreezeReason: "Enter a reason for the freeze",
  accountNotFound: "Account not found",
  frozen: (count: number) => `Froze ${count} account${count === 1 ? "" : "s"}`,
  unfrozen: (username: string) => `Unfroze ${username}`,
  notFrozen: "This account is not frozen",
  cannotFreezeSelf: "You cannot freeze your own account",
} as const;

/** Where a pending request is (see the server's cashout_requests.stage); `done` once settled. */
export const cashoutStage = z.enum(["review", "manual", "queued", "sending", "confirming", "held", "done"]);
export type CashoutStage = z.infer<typeof cashoutStage>;

export const riskAssessment = z.object({
  /** 0..100 */
  score: z.number().int(),
  /** In words, as an operator reads them; empty when nothing is unusual. */
  reasons: z.array(z.string()),
});

export const linkedAccount = z.object({
  userId: z.string(),
  username: z.string(),
  /** How it is linked: a shared device, a shared address (sign-up or sign-in within the link window). */
  device: z.boolean(),
  address: z.boolean(),
  /** Coins that reached the requester from this account, and went the other way (sales, PvP, pools). */
  coinsIn: z.number().int(),
  coinsOut: z.number().int(),
  frozen: z.boolean(),
});
export type LinkedAccount = z.infer<typeof linkedAccount>;

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
  stage: cashoutStage,
  risk: riskAssessment,
  linked: z.array(linkedAccount),
  /** The requester's account: its age in whole days, battles fought, and whether it is frozen (and why). */
  accountDays: z.number().int(),
  battles: z.number().int(),
  frozen: z.boolean(),
  frozenReason: z.string().nullable(),
  /** The amount in millisatoshis (decimal text), null with the record-only provider. */
  amountMsats: z.string().nullable(),
  /** The payout runner's last failure (a 5xx, a time-out, a wallet too low), null when none. */
  lastError: z.string().nullable(),
});
export type AdminCashout = z.infer<typeof adminCashout>;

export const adminCashoutsQuery = z.object({ status: cashoutStatus.default("pending") });
/** The payout provider as the operators see it: its name, and for ZBD the project wallet. */
export const payoutsStanding = z.object({
  provider: z.string(),
  /** The project wallet's balance in millisatoshis (decimal text) and in coins; null if unknown or record-only. */
  walletMsats: z.string().nullable(),
  walletCoins: z.number().int().nullable(),
  /** Below the warning line (CASHOUT_WALLET_LOW_COINS). */
  low: z.boolean(),
  /** Requests waiting for the wallet to hold enough. */
  held: z.number().int(),
});
export type PayoutsStanding = z.infer<typeof payoutsStanding>;

export const adminCashoutsResponse = z.object({ cashouts: z.array(adminCashout), payouts: payoutsStanding });
export type AdminCashoutsResponse = z.infer<typeof adminCashoutsResponse>;

export const cashoutIdParams = z.object({ id: z.uuid({ error: adminCashoutMessages.notFound }) });
export const markPaidBody = z.object({ reference: settlementText(adminCashoutMessages.enterReference) });
export const refundBody = z.object({ reason: settlementText(adminCashoutMessages.enterRefundReason) });
export const settleCashoutResponse = z.object({ message: z.string(), cashout: adminCashout });
export const accountIdParams = z.object({ id: z.uuid({ error: adminCashoutMessages.accountNotFound }) });
export const freezeBody = z.object({
  reason: settlementText(adminCashoutMessages.enterFreezeReason),
  /** Also freeze every account linked to this one. */
  linked: z.boolean().default(true),
});
export const freezeResponse = z.object({
  message: z.string(),
  frozen: z.array(z.object({ userId: z.string(), username: z.string() })),
});
export type FreezeResponse = z.infer<typeof freezeResponse>;
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
  adminCashoutApprove: {
    method: "POST",
    path: "/api/admin/cashouts/:id/approve",
    summary: "Approve a cash-out held for review: it goes to the payout provider (or to 'Mark paid')",
    auth: "admin",
    params: cashoutIdParams,
    response: settleCashoutResponse,
  },
  adminAccountFreeze: {
    method: "POST",
    path: "/api/admin/accounts/:id/freeze",
    summary: "Freeze an account (and its linked accounts): no cash-out, listing, purchase or donation",
    auth: "admin",
    params: accountIdParams,
    body: freezeBody,
    response: freezeResponse,
  },
  adminAccountUnfreeze: {
    method: "POST",
    path: "/api/admin/accounts/:id/unfreeze",
    summary: "Unfreeze an account",
    auth: "admin",
    params: accountIdParams,
    response: freezeResponse,
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
