// The one way coins move. Each move is a conditional update (never read-modify-write) plus a ledger row in the
// caller's transaction, so balances cannot go negative under any concurrency and always equal their ledger.
import { eq, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "./db/database";
import { type LedgerAccount, profiles } from "./db/schema";
import { AppError, notFound } from "./errors";
import type { UserId } from "./ids";
import { LIVE_NOTIFY_CHANNEL } from "./live/publish";

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

const balanceColumn = { wallet: sql.raw("coins"), vault: sql.raw("vault_coins") } as const;
const balanceField = { wallet: "coins", vault: "vaultCoins" } as const;

/**
 * Returns the balance after the move; throws NOT_ENOUGH_COINS (409) when it would go below zero.
 *
 * One statement, one round trip: the conditional update, the ledger row from its RETURNING, and the `me`
 * balance event (a LiveEnvelope, delivered on commit) from the row the insert returned. Money routes make
 * two to four moves, so this took them from 3 to 1 database round trips per move.
 */
export async function moveCoins(tx: Tx, move: CoinMove): Promise<number> {
  if (!Number.isSafeInteger(move.delta) || move.delta === 0) {
    throw new Error(`moveCoins: delta must be a non-zero integer, got ${move.delta}`);
  }
  const column = balanceColumn[move.account];
  const result = await tx.execute(sql`
    with moved as (
      update profiles set ${column} = ${column} + ${move.delta}::integer
      where id = ${move.userId}::uuid and ${column} + ${move.delta}::integer >= 0
      returning ${column} as balance
    ), logged as (
      insert into coin_ledger (user_id, account, delta, balance_after, reason, ref_type, ref_id)
      select ${move.userId}::uuid, ${move.account}::text, ${move.delta}::integer, balance, ${move.reason}::text,
        ${move.refType ?? null}::text, ${move.refId ?? null}::text
      from moved
      returning balance_after
    )
    select balance_after as balance, pg_notify(${LIVE_NOTIFY_CHANNEL}::text, json_build_object(
      'channel', 'me', 'kind', 'balance', 'userId', ${move.userId}::text,
      'data', json_build_object(${balanceField[move.account]}::text, balance_after),
      'at', ${Date.now()}::bigint)::text)
    from logged`);
  const balance = rowsOf<{ balance: number }>(result)[0]?.balance;
  if (balance === undefined) {
    const exists = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, move.userId));
    if (exists.length === 0) throw notFound("Account not found");
    throw new AppError(409, "NOT_ENOUGH_COINS", move.message ?? "Not enough coins!");
  }
  return balance;
}
