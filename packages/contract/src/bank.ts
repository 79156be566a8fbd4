// The bank vault: wallet and vault balances, deposits (500 a UTC day), withdrawals, cash-out requests and the
// player's ledger history. Amounts are whole coins above 0; anything else is 'Enter a valid amount'.
import { CASHOUT_GAMERTAG_MAX, messages, VAULT_DAILY_DEPOSIT_LIMIT } from "@bot-arena/game";
import { z } from "./zod";

/** A whole number of coins above 0: strings, fractions, zero, negatives and unsafe integers are refused. */
export const positiveCoinAmount = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(Number.MAX_SAFE_INTEGER, {
      error: message,
    });

export const vaultAmountBody = z.object({ amount: positiveCoinAmount(messages.enterValidAmount) });
export type VaultAmountBody = z.infer<typeof vaultAmountBody>;

/** The spec's bank-transaction answer; depositsToday is sent on deposits. */
export const bankTransaction = z.object({
  newCoins: z.number().int(),
  newVaultCoins: z.number().int(),
  depositsToday: z.number().int().optional(),
  message: z.string(),
});
export type BankTransaction = z.infer<typeof bankTransaction>;

/** Pending until an operator (or the payout provider) pays it or refunds it to the vault; settled once. */
export const cashoutStatus = z.enum(["pending", "paid", "refunded"]);
export type CashoutStatus = z.infer<typeof cashoutStatus>;

/**
 * What the player reads of a request: `under_review` waits for an operator ('Under review'); `processing` is on
 * its way to the provider (or with the operators to pay by hand); then paid or refunded.
 */
export const cashoutPhase = z.enum(["under_review", "processing", "paid", "refunded"]);
export type CashoutPhase = z.infer<typeof cashoutPhase>;

export const cashoutRequest = z.object({
  id: z.string(),
  gamertag: z.string(),
  amount: z.number().int(),
  status: cashoutStatus,
  phase: cashoutPhase,
  createdAt: z.string(),
  /** When it was paid or refunded; null while pending. */
  settledAt: z.string().nullable(),
  /** Why it was refunded (shown to the player); null unless refunded. */
  refundReason: z.string().nullable(),
  /** The payment's reference at the provider (ZBD's payment id) once paid; null before. */
  providerRef: z.string().nullable(),
});
export type CashoutRequest = z.infer<typeof cashoutRequest>;

export const cashoutBody = z.object({
  gamertag: z
    .string({ error: messages.invalidGamertag })
    .trim()
    .min(1, { error: messages.invalidGamertag })
    .max(CASHOUT_GAMERTAG_MAX, { error: messages.invalidGamertag }),
  amount: positiveCoinAmount(messages.enterValidAmount),
});
export type CashoutBody = z.infer<typeof cashoutBody>;

export const cashoutResponse = z.object({
  newVaultCoins: z.number().int(),
  request: cashoutRequest,
  message: z.string(),
});
export type CashoutResponse = z.infer<typeof cashoutResponse>;

/** Whether the player may cash out now, how much, and if not why (the house rules, docs/game-rules.md). */
export const cashoutStanding = z.object({
  /** True once the account is old enough, has fought enough and is not frozen. */
  open: z.boolean(),
  /** Why not, in words ('Cash-outs open after 7 days and 20 battles: 12 battles to go'); null when open. */
  lockedMessage: z.string().nullable(),
  frozen: z.boolean(),
  minAccountDays: z.number().int(),
  minBattles: z.number().int(),
  daysToGo: z.number().int(),
  battlesToGo: z.number().int(),
  /** Coins a UTC day per account and per gamertag, and what this account has left today. */
  dailyMax: z.number().int(),
  leftToday: z.number().int(),
  /** What may be asked for now: the vault, within today's maximum (0 while closed). */
  availableNow: z.number().int(),
  /** A request of at most this many coins with nothing unusual about it is sent at once. */
  autoMax: z.number().int(),
});
export type CashoutStanding = z.infer<typeof cashoutStanding>;

export const bankSummary = z.object({
  coins: z.number().int(),
  vaultCoins: z.number().int(),
  /** Deposited so far on the current UTC day. */
  depositsToday: z.number().int(),
  dailyDepositLimit: z.literal(VAULT_DAILY_DEPOSIT_LIMIT),
  /** What may still go into the vault today: the deposit input's maximum. */
  depositAllowance: z.number().int(),
  /** The player's latest cash-out requests, newest first. */
  cashouts: z.array(cashoutRequest),
  cashout: cashoutStanding,
});
export type BankSummary = z.infer<typeof bankSummary>;

export const ledgerAccount = z.enum(["wallet", "vault"]);
export type LedgerAccount = z.infer<typeof ledgerAccount>;

/**
 * Who is on the other side of a ledger row: the house (coins it creates or destroys), the player's own other
 * account (a vault deposit or withdrawal), another player, or a tournament's pool, a guild's bank or a war's
 * pool, each by its name. Null when the other side cannot be named (a row written before transfers had ids that
 * the migration could not pair).
 */
export const ledgerCounterparty = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("house") }),
  z.object({ kind: z.literal("own"), account: ledgerAccount }),
  z.object({ kind: z.enum(["player", "tournament", "guild", "war"]), name: z.string() }),
]);
export type LedgerCounterparty = z.infer<typeof ledgerCounterparty>;

export const ledgerEntry = z.object({
  id: z.number().int(),
  account: ledgerAccount,
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  createdAt: z.string(),
  /** Why an admin granted these coins (admin_grant rows): the reason the admin gave. */
  note: z.string().optional(),
  counterparty: ledgerCounterparty.nullable(),
  /** The bot a marketplace sale or purchase was for, by its name today; absent once it is recycled. */
  botName: z.string().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const LEDGER_PAGE_MAX = 100;

export const ledgerQuery = z.object({
  /** Entries older than this id (the previous page's nextCursor). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(20),
});
export type LedgerQuery = z.input<typeof ledgerQuery>;

export const ledgerPage = z.object({
  entries: z.array(ledgerEntry),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

export const bankRoutes = {
  bank: {
    method: "GET",
    path: "/api/bank",
    summary: "Wallet and vault balances, today's deposits and allowance, the latest cash-out requests",
    auth: "player",
    response: bankSummary,
  },
  bankDeposit: {
    method: "POST",
    path: "/api/bank/deposit",
    summary: "Move wallet coins into the vault (at most 500 a UTC day)",
    auth: "player",
    body: vaultAmountBody,
    response: bankTransaction,
  },
  bankWithdraw: {
    method: "POST",
    path: "/api/bank/withdraw",
    summary: "Move vault coins back into the wallet",
    auth: "player",
    body: vaultAmountBody,
    response: bankTransaction,
  },
  bankCashout: {
    method: "POST",
    path: "/api/bank/cashout",
    summary: "Request a cash-out of vault coins to an external wallet (pending, 24-48 hours)",
    auth: "player",
    body: cashoutBody,
    response: cashoutResponse,
  },
  bankLedger: {
    method: "GET",
    path: "/api/bank/ledger",
    summary: "The player's coin ledger, newest first, paged by cursor",
    auth: "player",
    query: ledgerQuery,
    response: ledgerPage,
  },
} as const;
