// The one way coins move. Each move is a conditional update (never read-modify-write) plus a ledger row in the
// caller's transaction, so balances cannot go negative under any concurrency and always equal their ledger.
// Accounts: a player's wallet and vault, a tournament's prize pool, a guild's bank and a guild war's pool.
import { Coins } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "./db/database";
import type { LedgerAccount } from "./db/schema";
import { AppError, notFound } from "./errors";
import type { UserId } from "./ids";
import { publishToPlayer } from "./live/publish";

export const NEW_ACCOUNT_COINS = 1000;

export type PlayerAccount = "wallet" | "vault";

/** Whose account moves: a player's wallet or vault, or the pool or bank of a tournament, guild or war. */
export type AccountOwner =
  | { account: PlayerAccount; userId: UserId }
  | { account: "tournament_pool"; tournamentId: string }
  | { account: "guild_bank"; guildId: string }
  | { account: "war_pool"; warId: string };

/** Which way the coins go: into the account or out of it, never a bare signed number. */
export type CoinFlow = { credit: Coins; debit?: never } | { debit: Coins; credit?: never };

export type CoinMove = AccountOwner &
  CoinFlow & {
    /**
     * Why, in snake_case: signup_bonus, summon, shop_purchase, vault_deposit... A transfer writes two rows with
     * the same reason that net to zero; `house_reward...` creates coins, `house_cut...` destroys them.
     */
    reason: string;
    /** What the move pays for, e.g. refType "bot" with the bot's id. */
    refType?: string;
    refId?: string;
    /** The refusal shown when the balance is too low (default 'Not enough coins!'). */
    message?: string;
  };

/** A flow from a signed adjustment (tests and tools that set a balance to a figure). */
export const bySignedAmount = (amount: number): CoinFlow =>
  amount < 0 ? { debit: Coins(-amount) } : { credit: Coins(amount) };

/** Where each account kind keeps its balance, and which ledger column names its owner. */
const accountColumns = {
  wallet: { table: "profiles", column: "coins", ownerColumn: "user_id" },
  vault: { table: "profiles", column: "vault_coins", ownerColumn: "user_id" },
  tournament_pool: { table: "tournaments", column: "pool_balance", ownerColumn: "tournament_id" },
  guild_bank: { table: "guilds", column: "bank_balance", ownerColumn: "guild_id" },
  war_pool: { table: "guild_wars", column: "pool_balance", ownerColumn: "war_id" },
} as const satisfies Record<LedgerAccount, { table: string; column: string; ownerColumn: string }>;

function ownerIdOf(move: AccountOwner): string {
  switch (move.account) {
    case "wallet":
    case "vault":
      return move.userId;
    case "tournament_pool":
      return move.tournamentId;
    case "guild_bank":
      return move.guildId;
    case "war_pool":
      return move.warId;
  }
}

const balanceField = { wallet: "coins", vault: "vaultCoins" } as const;

/**
 * Returns the balance after the move; throws NOT_ENOUGH_COINS (409) when it would go below zero.
 *
 * One statement, one round trip: the conditional update and the ledger row from its RETURNING. Money routes
 * make two to four moves, so this took them from 3 to 1 database round trips per move. A player's account
 * announces its new balance on `me` after the commit (publish.ts).
 */
export async function moveCoins(tx: Tx, move: CoinMove): Promise<number> {
  // The brand says whole and non-negative; a caller that cast its way around it still cannot move 0 or a fraction.
  const amount: number = move.credit ?? move.debit;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`moveCoins: an amount must be a whole number above 0, got ${amount}`);
  }
  const delta = move.credit === undefined ? -amount : amount;
  const columns = accountColumns[move.account];
  const [table, column, ownerColumn] = [columns.table, columns.column, columns.ownerColumn].map(sql.raw);
  const ownerId = ownerIdOf(move);
  const result = await tx.execute(sql`
    with moved as (
      update ${table} set ${column} = ${column} + ${delta}::bigint
      where id = ${ownerId}::uuid and ${column} + ${delta}::bigint >= 0
      returning ${column} as balance
    ), logged as (
      insert into coin_ledger (${ownerColumn}, account, delta, balance_after, reason, ref_type, ref_id)
      select ${ownerId}::uuid, ${move.account}::text, ${delta}::bigint, balance, ${move.reason}::text,
        ${move.refType ?? null}::text, ${move.refId ?? null}::text
      from moved
      returning balance_after
    )
    select balance_after as balance from logged`);
  const balance = rowsOf<{ balance: number }>(result)[0]?.balance;
  if (balance === undefined) {
    const exists = await tx.execute(sql`select 1 from ${table} where id = ${ownerId}::uuid`);
    if (rowsOf(exists).length === 0) throw notFound("Account not found");
    throw new AppError(409, "NOT_ENOUGH_COINS", move.message ?? "Not enough coins!");
  }
  if (move.account === "wallet" || move.account === "vault") {
    await publishToPlayer(tx, move.userId, "balance", { [balanceField[move.account]]: balance });
  }
  return balance;
}
