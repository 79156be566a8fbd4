// The one way coins move. Each move is a conditional update (never read-modify-write) plus a ledger row in the
// caller's transaction, so balances cannot go negative under any concurrency and always equal their ledger.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "./db/database";
import { coinLedger, type LedgerAccount, profiles } from "./db/schema";
import { AppError, notFound } from "./errors";
import type { UserId } from "./ids";
import { publishToPlayer } from "./live/publish";

export const NEW_ACCOUNT_COINS = 1000;

export type CoinMove = {
  userId: UserId;
  account: LedgerAccount;
  /** Whole coins; negative spends. */
  delta: number;
  /** Why, in snake_case: signup_bonus, summon, shop_purchase, vault_deposit... */
  reason: string;
  /** What the move pays for, e.g. refType "bot" with the bot's id. */
  refType?: string;
  refId?: string;
  /** The refusal shown when the balance is too low (default 'Not enough coins!'). */
  message?: string;
};

const balanceColumn = { wallet: profiles.coins, vault: profiles.vaultCoins } as const;
const balanceField = { wallet: "coins", vault: "vaultCoins" } as const;

/** Returns the balance after the move; throws NOT_ENOUGH_COINS (409) when it would go below zero. */
export async function moveCoins(tx: Tx, move: CoinMove): Promise<number> {
  if (!Number.isSafeInteger(move.delta) || move.delta === 0) {
    throw new Error(`moveCoins: delta must be a non-zero integer, got ${move.delta}`);
  }
  const column = balanceColumn[move.account];
  const updated = await tx
    .update(profiles)
    .set({ [balanceField[move.account]]: sql`${column} + ${move.delta}` })
    .where(and(eq(profiles.id, move.userId), sql`${column} + ${move.delta} >= 0`))
    .returning({ balance: column });
  const balance = updated[0]?.balance;
  if (balance === undefined) {
    const exists = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, move.userId));
    if (exists.length === 0) throw notFound("Account not found");
    throw new AppError(409, "NOT_ENOUGH_COINS", move.message ?? "Not enough coins!");
  }
  await tx.insert(coinLedger).values({
    userId: move.userId,
    account: move.account,
    delta: move.delta,
    balanceAfter: balance,
    reason: move.reason,
    refType: move.refType ?? null,
    refId: move.refId ?? null,
  });
  await publishToPlayer(tx, move.userId, "balance", { [balanceField[move.account]]: balance });
  return balance;
}
