// The one way coins move. Each move is a conditional update (never read-modify-write) plus a ledger row in the
// caller's transaction, so balances cannot go negative under any concurrency and always equal their ledger.
// Accounts: a player's wallet and vault, a tournament's prize pool, a guild's bank and a guild war's pool.
import { randomUUID } from "node:crypto";
import { Coins, MAX_BALANCE, messages, splitAtMaximum } from "@bot-arena/game";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "./db/database";
import { hotRawStatement } from "./db/hot-statements";
import { eventKey, noteLocks } from "./db/locks";
import type { LedgerAccount } from "./db/schema";
import { AppError, notFound } from "./errors";
import type { UserId } from "./ids";
import { publishToPlayer } from "./live/publish";
import { refusal } from "./refuse";

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
     * Why, in snake_case: signup_bonus, summon, shop_purchase, vault_deposit... A transfer writes two rows of
     * one reason family that net to zero; `house_reward...` creates coins, `house_cut...` destroys them.
     */
    reason: string;
    /**
     * Both legs of a move between two accounts carry one `newTransferId()`; a move the house creates or
     * destroys carries none. The economy audit checks that each transfer nets to zero.
     */
    transferId?: string;
    /** What the move pays for, e.g. refType "bot" with the bot's id. */
    refType?: string;
    refId?: string;
    /** The refusal shown when the balance is too low (default 'Not enough coins!'). */
    message?: string;
    /**
     * The refusal shown when a credit would take the balance past MAX_BALANCE, naming whose it is (default
     * 'That would take the wallet past the 1,000,000,000,000 coin maximum.').
     */
    maxMessage?: string;
  };

/**
 * The id both rows of one transfer share. Made here rather than by the database, so pairing the rows costs no
 * statement: each leg stays one statement, and legs sent together still leave in one flight.
 */
export const newTransferId = (): string => randomUUID();

/** A flow from a signed adjustment (tests and tools that set a balance to a figure). */
export const bySignedAmount = (amount: number): CoinFlow =>
  amount < 0 ? { debit: Coins(-amount) } : { credit: Coins(amount) };

/** Where each account kind keeps its balance, which ledger column names its owner, and what a refusal calls it. */
const accountColumns = {
  wallet: { table: "profiles", column: "coins", ownerColumn: "user_id", name: "the wallet" },
  vault: { table: "profiles", column: "vault_coins", ownerColumn: "user_id", name: "the vault" },
  tournament_pool: {
    table: "tournaments",
    column: "pool_balance",
    ownerColumn: "tournament_id",
    name: "the prize pool",
  },
  guild_bank: { table: "guilds", column: "bank_balance", ownerColumn: "guild_id", name: "the guild bank" },
  war_pool: { table: "guild_wars", column: "pool_balance", ownerColumn: "war_id", name: "the war pool" },
} as const satisfies Record<
  LedgerAccount,
  { table: string; column: string; ownerColumn: string; name: string }
>;

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

/** The account's table, balance column and ledger owner column as SQL, and its owner's id. */
function accountOf(owner: AccountOwner): { table: SQL; column: SQL; ownerColumn: SQL; ownerId: string } {
  const { table, column, ownerColumn } = accountColumns[owner.account];
  return {
    table: sql.raw(table),
    column: sql.raw(column),
    ownerColumn: sql.raw(ownerColumn),
    ownerId: ownerIdOf(owner),
  };
}

/**
 * Returns the balance after the move; throws NOT_ENOUGH_COINS (409) when it would go below zero and
 * LIMIT_REACHED (409) when it would pass MAX_BALANCE. Either way nothing moved, and the caller's transaction
 * rolls back whatever it did before.
 *
 * One statement, one round trip: the conditional update and the ledger row from its RETURNING. Money routes
 * make two to four moves, so this took them from 3 to 1 database round trips per move. A player's account
 * announces its new balance on `me` after the commit (publish.ts).
 */
export async function moveCoins(tx: Tx, move: CoinMove): Promise<number> {
  const balance = await applyMove(tx, move);
  if (balance === undefined) throw await refusalOf(tx, move);
  await announce(tx, move, balance);
  return balance;
}

/**
 * The conditional update and its ledger row, in one statement; undefined when the guard left the row alone.
 * The guard only looks the way the coins go, so an account above the maximum (set before the rule) can
 * still spend, and an overdrawn one (never, by the schema's check) could still be paid.
 */
async function applyMove(tx: Tx, move: CoinMove): Promise<number | undefined> {
  // The brand says whole and non-negative; a caller that cast its way around it still cannot move 0 or a fraction.
  const amount: number = move.credit ?? move.debit;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`moveCoins: an amount must be a whole number above 0, got ${amount}`);
  }
  const delta = move.credit === undefined ? -amount : amount;
  noteAccountLock(tx, move);
  const rows = await moveStatement(move.account, delta < 0 ? "debit" : "credit")(tx, {
    delta,
    ownerId: ownerIdOf(move),
    account: move.account,
    reason: move.reason,
    refType: move.refType ?? null,
    refId: move.refId ?? null,
    transferId: move.transferId ?? null,
  });
  return rows[0]?.balance;
}

type MoveValues = {
  delta: number;
  ownerId: string;
  account: LedgerAccount;
  reason: string;
  refType: string | null;
  refId: string | null;
  transferId: string | null;
};

const moveStatements = new Map<string, (tx: Tx, values: MoveValues) => Promise<{ balance: number }[]>>();

/** The move's statement for one account and direction, built once (db/hot-statements.ts): ten in all. */
function moveStatement(account: LedgerAccount, direction: "debit" | "credit") {
  const key = `${account}_${direction}`;
  let statement = moveStatements.get(key);
  if (!statement) {
    statement = hotRawStatement<{ balance: number }, MoveValues>(`move_coins_${key}`, () => {
      const { table, column, ownerColumn } = accountColumns[account];
      const [t, c, o] = [sql.raw(table), sql.raw(column), sql.raw(ownerColumn)];
      const delta = sql.placeholder("delta");
      // The guard only looks the way the coins go (see above).
      const guard =
        direction === "debit"
          ? sql`${c} + ${delta}::bigint >= 0`
          : sql`${c} + ${delta}::bigint <= ${sql.raw(String(MAX_BALANCE))}::bigint`;
      return sql`
        with moved as (
          update ${t} set ${c} = ${c} + ${delta}::bigint
          where id = ${sql.placeholder("ownerId")}::uuid and ${guard}
          returning ${c} as balance
        ), logged as (
          insert into coin_ledger (${o}, account, delta, balance_after, reason, ref_type, ref_id, transfer_id)
          select ${sql.placeholder("ownerId")}::uuid, ${sql.placeholder("account")}::text, ${delta}::bigint, balance,
            ${sql.placeholder("reason")}::text, ${sql.placeholder("refType")}::text,
            ${sql.placeholder("refId")}::text, ${sql.placeholder("transferId")}::uuid
          from moved
          returning balance_after
        )
        select balance_after as balance from logged`;
    });
    moveStatements.set(key, statement);
  }
  return statement;
}

/** The account's row in the one lock order (platform/db/locks.ts): a wallet is its profile, a pool its event. */
function noteAccountLock(tx: Tx, owner: AccountOwner): void {
  switch (owner.account) {
    case "wallet":
    case "vault":
      noteLocks(tx, "profile", [owner.userId]);
      return;
    case "guild_bank":
      noteLocks(tx, "guild", [owner.guildId]);
      return;
    case "tournament_pool":
      noteLocks(tx, "event", [eventKey("tournaments", owner.tournamentId)]);
      return;
    case "war_pool":
      noteLocks(tx, "event", [eventKey("guild_wars", owner.warId)]);
  }
}

/** Why the guard refused: no such account, too little in it for a debit, or no room under the maximum. */
async function refusalOf(tx: Tx, move: CoinMove): Promise<AppError> {
  const { table, ownerId } = accountOf(move);
  const exists = await tx.execute(sql`select 1 from ${table} where id = ${ownerId}::uuid`);
  if (rowsOf(exists).length === 0) return notFound("Account not found");
  // A credit cannot take a balance below zero, so a refused credit is a refused maximum.
  if (move.credit !== undefined) {
    const whose = accountColumns[move.account].name;
    return refusal({
      ok: false,
      code: "LIMIT_REACHED",
      message: move.maxMessage ?? messages.balancePastMax(whose),
    });
  }
  return new AppError(409, "NOT_ENOUGH_COINS", move.message ?? messages.notEnoughCoins);
}

const balanceField = { wallet: "coins", vault: "vaultCoins" } as const;

async function announce(tx: Tx, move: AccountOwner, balance: number): Promise<void> {
  if (move.account === "wallet" || move.account === "vault") {
    await publishToPlayer(tx, move.userId, "balance", { [balanceField[move.account]]: balance });
  }
}

/** One side of a payout: the account, and what its ledger row refers to. */
export type PayoutLeg = AccountOwner & { refType?: string; refId?: string };

export type Payout = {
  to: PayoutLeg;
  amount: Coins;
  /** The transfer's reason on both legs; `house_reward...` when the house creates the coins (no `from`). */
  reason: string;
} & (
  | {
      /** The account paying: an event's pool. */
      from: PayoutLeg;
      /** The reason of the payer's row for the part past the receiver's maximum, which the house takes. */
      overflowReason: `house_cut${string}`;
    }
  | { from?: undefined; overflowReason?: undefined }
);

/**
 * An event's payout (a prize, a refund), which must never fail for the coin maximum, or the event could never
 * finish: the receiver gets what fits under MAX_BALANCE. A transfer's payer gives the receiver that part under
 * the transfer's reason and the house the rest under `overflowReason`, so the reason's rows still net to zero
 * and the audit counts the rest as destroyed; coins the house would create are simply not created.
 * The receiver is credited first, since only its balance says how the amount splits; callers hold the event's
 * row, so the payer's row is theirs already. Returns the two parts.
 */
export async function payOut(tx: Tx, payout: Payout): Promise<{ credited: Coins; overflow: Coins }> {
  const { from } = payout;
  // A payer makes it a transfer; the house's overflow cut is a row of its own, in no transfer.
  const transferId = from ? newTransferId() : undefined;
  const credited = await creditWhatFits(tx, payout.to, payout.amount, payout.reason, transferId);
  const overflow = Coins(payout.amount - credited);
  if (from) {
    if (credited > 0) await moveCoins(tx, { ...from, debit: credited, reason: payout.reason, transferId });
    if (overflow > 0) await moveCoins(tx, { ...from, debit: overflow, reason: payout.overflowReason });
  }
  return { credited, overflow };
}

/**
 * Whatever is left in an event's pool (or a disbanded guild's bank) goes to the house under `reason`: the
 * rulebook's `restToHouse` once the payouts are made. The balance is read under the row's lock, which the
 * caller already holds, so nothing can land between the read and the debit. Returns what was swept.
 */
export async function sweepToHouse(
  tx: Tx,
  input: { from: PayoutLeg; reason: `house_cut${string}` },
): Promise<Coins> {
  const left = Coins(await lockedBalance(tx, input.from));
  if (left > 0) await moveCoins(tx, { ...input.from, debit: left, reason: input.reason });
  return left;
}

/** Credits the amount, or only what fits under MAX_BALANCE; returns what was credited. */
async function creditWhatFits(
  tx: Tx,
  to: PayoutLeg,
  amount: Coins,
  reason: string,
  transferId: string | undefined,
): Promise<Coins> {
  const whole: CoinMove = { ...to, credit: amount, reason, transferId };
  const balance = await applyMove(tx, whole);
  if (balance !== undefined) {
    await announce(tx, to, balance);
    return amount;
  }
  // The rare path, a full account: locked, so the room read here is still the room when the credit lands.
  const { credited } = splitAtMaximum(await lockedBalance(tx, to), amount);
  if (credited > 0) await moveCoins(tx, { ...whole, credit: credited });
  return credited;
}

async function lockedBalance(tx: Tx, owner: AccountOwner): Promise<number> {
  const { table, column, ownerId } = accountOf(owner);
  noteAccountLock(tx, owner);
  const [row] = rowsOf<{ balance: unknown }>(
    await tx.execute(sql`select ${column} as balance from ${table} where id = ${ownerId}::uuid for update`),
  );
  if (!row) throw notFound("Account not found");
  return Number(row.balance);
}
