// The vault: deposits (500 a UTC day), withdrawals and cash-outs, each a pair of ledger moves in one
// transaction. The daily counter is raised by a conditional update, so parallel deposits cannot pass the limit.

import {
  adminCashoutMessages,
  type BankSummary,
  type BankTransaction,
  type CashoutResponse,
  type CashoutStatus,
  type LedgerPage,
} from "@bot-arena/contract";
import {
  Coins,
  depositAllowance,
  depositsToday,
  messages,
  utcDay,
  VAULT_DAILY_DEPOSIT_LIMIT,
  validateCashOut,
  validateDeposit,
  validateWithdraw,
} from "@bot-arena/game";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/database";
import { lockProfiles } from "../../platform/db/locks";
import { cashoutRequests, coinLedger, profiles } from "../../platform/db/schema";
import { notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins, type PlayerAccount } from "../../platform/ledger";
import { refuse } from "../../platform/refuse";
import { grantReasons } from "../admin/grant-notes";
import type { PayoutProvider } from "./payouts";
import { settleCashout } from "./settle";

/** How many of the latest cash-out requests the bank page shows. */
export const RECENT_CASHOUTS = 10;

export type BankService = ReturnType<typeof createBankService>;

type CashoutRow = typeof cashoutRequests.$inferSelect;
const toCashout = (row: CashoutRow) => ({
  id: row.id,
  gamertag: row.gamertag,
  amount: row.amount,
  status: row.status as CashoutStatus,
  createdAt: row.createdAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
  refundReason: row.refundReason,
});

export function createBankService(deps: {
  db: Db;
  clock: Clock;
  payouts: PayoutProvider;
  log: FastifyBaseLogger;
}) {
  const { db, clock } = deps;
  const now = () => clock.now().getTime();

  async function vaultProfile(tx: Db, userId: UserId) {
    const [row] = await tx
      .select({
        coins: profiles.coins,
        vaultCoins: profiles.vaultCoins,
        vaultDepositsToday: profiles.vaultDepositsToday,
        lastVaultDepositDate: profiles.lastVaultDepositDate,
      })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (!row) throw notFound("Account not found");
    return row;
  }

  /** Raises today's counter by `amount` only if it stays within the limit; the counter restarts each UTC day. */
  async function claimDepositAllowance(tx: Tx, userId: UserId, amount: number): Promise<number | null> {
    const today = utcDay(now());
    const countedToday = sql`(case when ${profiles.lastVaultDepositDate} = ${today}::date then ${profiles.vaultDepositsToday} else 0 end)`;
    const [row] = await tx
      .update(profiles)
      .set({ vaultDepositsToday: sql`${countedToday} + ${amount}`, lastVaultDepositDate: today })
      .where(and(eq(profiles.id, userId), sql`${countedToday} + ${amount} <= ${VAULT_DAILY_DEPOSIT_LIMIT}`))
      .returning({ depositsToday: profiles.vaultDepositsToday });
    return row?.depositsToday ?? null;
  }

  return {
    async summary(userId: UserId): Promise<BankSummary> {
      const profile = await vaultProfile(db, userId);
      const today = depositsToday(profile, now());
      const cashouts = await db
        .select()
        .from(cashoutRequests)
        .where(eq(cashoutRequests.userId, userId))
        .orderBy(desc(cashoutRequests.createdAt), desc(cashoutRequests.id))
        .limit(RECENT_CASHOUTS);
      return {
        coins: profile.coins,
        vaultCoins: profile.vaultCoins,
        depositsToday: today,
        dailyDepositLimit: VAULT_DAILY_DEPOSIT_LIMIT,
        depositAllowance: depositAllowance(today),
        cashouts: cashouts.map(toCashout),
      };
    },

    deposit(userId: UserId, amount: number): Promise<BankTransaction> {
      return db.transaction(async (tx) => {
        // The read gives the player the right message; the conditional update below is what enforces it.
        const profile = await vaultProfile(tx, userId);
        const coins = refuse(
          validateDeposit(amount, { coins: profile.coins, depositsToday: depositsToday(profile, now()) }),
        );
        const counted = await claimDepositAllowance(tx, userId, coins);
        if (counted === null) {
          // A parallel deposit took the allowance between the read and the update.
          const fresh = await vaultProfile(tx, userId);
          refuse(validateDeposit(amount, { coins: fresh.coins, depositsToday: depositsToday(fresh, now()) }));
          throw new Error("deposit allowance refused without a reason");
        }
        const ref = { refType: "vault", refId: userId };
        // Both legs in one flight (platform/db/flight.ts).
        const [newCoins, newVaultCoins] = await Promise.all([
          moveCoins(tx, { userId, account: "wallet", debit: Coins(coins), reason: "vault_deposit", ...ref }),
          moveCoins(tx, {
            userId,
            account: "vault",
            credit: Coins(coins),
            reason: "vault_deposit",
            maxMessage: messages.balancePastMax("your vault"),
            ...ref,
          }),
        ]);
        return {
          newCoins,
          newVaultCoins,
          depositsToday: counted,
          message: `Deposited ${coins} coins to the vault`,
        };
      });
    },

    withdraw(userId: UserId, amount: number): Promise<BankTransaction> {
      return db.transaction(async (tx) => {
        const profile = await vaultProfile(tx, userId);
        const coins = refuse(validateWithdraw(amount, profile));
        const ref = { refType: "vault", refId: userId };
        const [newVaultCoins, newCoins] = await Promise.all([
          moveCoins(tx, {
            userId,
            account: "vault",
            debit: Coins(coins),
            reason: "vault_withdraw",
            message: messages.insufficientVault,
            ...ref,
          }),
          moveCoins(tx, {
            userId,
            account: "wallet",
            credit: Coins(coins),
            reason: "vault_withdraw",
            maxMessage: messages.balancePastMax("your wallet"),
            ...ref,
          }),
        ]);
        return { newCoins, newVaultCoins, message: `Withdrew ${coins} coins from the vault` };
      });
    },

    async cashout(userId: UserId, input: { gamertag: string; amount: number }): Promise<CashoutResponse> {
      const { request, newVaultCoins } = await db.transaction(async (tx) => {
        // Profile first: the request's foreign key touches it before the payment does (the lock order).
        await lockProfiles(tx, [userId]);
        const profile = await vaultProfile(tx, userId);
        const { gamertag, amount } = refuse(validateCashOut(input, profile));
        const [row] = await tx
          .insert(cashoutRequests)
          .values({ userId, gamertag, amount, status: "pending", createdAt: deps.clock.now() })
          .returning();
        const request = row!;
        const newVaultCoins = await moveCoins(tx, {
          userId,
          account: "vault",
          debit: Coins(amount),
          reason: "cashout",
          refType: "cashout_request",
          refId: request.id,
          message: messages.insufficientVault,
        });
        return { request, newVaultCoins };
      });
      // Handed over only once committed: a provider must never pay out coins that a rollback would restore.
      try {
        const answer = await deps.payouts.submit({
          id: request.id,
          userId,
          gamertag: request.gamertag,
          amount: request.amount,
        });
        if (answer.outcome === "paid" && answer.providerRef !== null) {
          await settleCashout(
            db,
            deps.clock,
            request.id,
            { outcome: "paid", reference: answer.providerRef },
            null,
          );
        } else if (answer.outcome === "failed") {
          const reason = answer.failureReason?.trim() || adminCashoutMessages.providerFailed;
          await settleCashout(db, deps.clock, request.id, { outcome: "refunded", reason }, null);
        } else if (answer.providerRef !== null) {
          const { providerRef } = answer;
          await db.update(cashoutRequests).set({ providerRef }).where(eq(cashoutRequests.id, request.id));
        }
      } catch (error) {
        deps.log.warn(
          { err: error, cashoutId: request.id, provider: deps.payouts.name },
          "payout submission failed; request stays pending",
        );
      }
      // The provider may have settled it already (paid, or refunded to the vault): answer with where it stands.
      const [latest] = await db.select().from(cashoutRequests).where(eq(cashoutRequests.id, request.id));
      const vault = latest?.status === "refunded" ? newVaultCoins + latest.amount : newVaultCoins;
      return {
        newVaultCoins: vault,
        request: toCashout(latest ?? request),
        message: messages.cashoutSubmitted,
      };
    },

    async ledger(userId: UserId, page: { before?: number | undefined; limit: number }): Promise<LedgerPage> {
      const rows = await db
        .select()
        .from(coinLedger)
        .where(
          and(
            eq(coinLedger.userId, userId),
            page.before === undefined ? undefined : lt(coinLedger.id, page.before),
          ),
        )
        .orderBy(desc(coinLedger.id))
        .limit(page.limit + 1);
      const notes = await grantReasons(db, rows);
      const entries = rows.slice(0, page.limit).map((row) => ({
        id: row.id,
        // A player's own rows are always on their wallet or vault (the ledger's owner check).
        account: row.account as PlayerAccount,
        delta: row.delta,
        balanceAfter: row.balanceAfter,
        reason: row.reason,
        refType: row.refType,
        refId: row.refId,
        createdAt: row.createdAt.toISOString(),
        ...(notes.has(row.id) ? { note: notes.get(row.id) } : {}),
      }));
      return { entries, nextCursor: rows.length > page.limit ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}
