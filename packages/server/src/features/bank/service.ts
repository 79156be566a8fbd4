// The vault: deposits (500 a UTC day), withdrawals and cash-outs, each a pair of ledger moves in one
// transaction (a cash-out's house rules and risk assessment: cashout-rules.ts, game/src/cashout.ts). The daily counter is raised by a conditional update, so parallel deposits cannot pass the limit.

import type {
  BankSummary,
  BankTransaction,
  CashoutResponse,
  CashoutStatus,
  LedgerPage,
} from "@bot-arena/contract";
import {
  assessCashout,
  Coins,
  cashoutLockedMessage,
  cashoutMessages,
  checkCashoutDailyCap,
  coinsToMsats,
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
import type { CashoutConfig } from "../../platform/config";
import type { Db, Tx } from "../../platform/db/database";
import { lockProfiles } from "../../platform/db/locks";
import { cashoutRequests, coinLedger, profiles } from "../../platform/db/schema";
import { AppError, forbidden, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins, newTransferId, type PlayerAccount } from "../../platform/ledger";
import type { Reconciler } from "../../platform/reconciler";
import { refuse } from "../../platform/refuse";
import { grantReasons } from "../admin/grant-notes";
import { accountStanding, gamertagTakenToday, riskFacts, standingView } from "./cashout-rules";
import { counterpartiesOf } from "./counterparties";
import type { Payouts } from "./payouts";
import { phaseOf } from "./settle";

const payoutsUnavailable = () =>
  new AppError(503, "SERVICE_UNAVAILABLE", "The payout service is not answering: try again in a minute");

/** How many of the latest cash-out requests the bank page shows. */
export const RECENT_CASHOUTS = 10;

export type BankService = ReturnType<typeof createBankService>;

type CashoutRow = typeof cashoutRequests.$inferSelect;
const toCashout = (row: CashoutRow) => ({
  id: row.id,
  gamertag: row.gamertag,
  amount: row.amount,
  status: row.status as CashoutStatus,
  phase: phaseOf(row),
  createdAt: row.createdAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
  refundReason: row.refundReason,
  providerRef: row.status === "paid" ? row.providerRef : null,
});

export function createBankService(deps: {
  db: Db;
  clock: Clock;
  payouts: Payouts;
  cashout: CashoutConfig;
  reconciler: Pick<Reconciler, "nudge">;
  log: FastifyBaseLogger;
}) {
  const { db, clock } = deps;
  const now = () => clock.now().getTime();

  /** Refuses a frozen account, one not yet open to cash-outs, and an amount past today's maximum. */
  async function checkOpen(tx: Db, userId: UserId, gamertag: string, amount: number): Promise<void> {
    const { rules } = deps.cashout;
    const now = deps.clock.now();
    const [account, gamertagToday] = await Promise.all([
      accountStanding(tx, userId, now, rules),
      gamertagTakenToday(tx, gamertag, now),
    ]);
    if (account.frozen) throw forbidden(cashoutMessages.frozen);
    const locked = cashoutLockedMessage(account, rules);
    if (locked !== null) throw forbidden(locked);
    refuse(
      checkCashoutDailyCap(amount, { account: account.takenToday, gamertag: gamertagToday }, rules.dailyMax),
    );
  }

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
      const account = await accountStanding(db, userId, deps.clock.now(), deps.cashout.rules);
      return {
        coins: profile.coins,
        vaultCoins: profile.vaultCoins,
        depositsToday: today,
        dailyDepositLimit: VAULT_DAILY_DEPOSIT_LIMIT,
        depositAllowance: depositAllowance(today),
        cashouts: cashouts.map(toCashout),
        cashout: standingView(account, profile.vaultCoins, deps.cashout.rules),
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
        const ref = { refType: "vault", refId: userId, transferId: newTransferId() };
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
        const ref = { refType: "vault", refId: userId, transferId: newTransferId() };
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
      const { rules } = deps.cashout;
      // Every refusal a player can meet is checked before anything is written, the spec's first.
      const profile = await vaultProfile(db, userId);
      const { gamertag, amount } = refuse(validateCashOut(input, profile));
      await checkOpen(db, userId, gamertag, amount);
      // Asked of the provider outside any transaction, and before any coin leaves the vault.
      const exists = await deps.payouts.gamertagExists(gamertag).catch((error) => {
        deps.log.warn(
          { err: error, provider: deps.payouts.name },
          "payouts: the gamertag could not be checked",
        );
        throw payoutsUnavailable();
      });
      if (!exists) throw new AppError(400, "VALIDATION_FAILED", cashoutMessages.unknownGamertag(gamertag));

      const { request, newVaultCoins } = await db.transaction(async (tx) => {
        // Profile first: the request's foreign key touches it before the payment does (the lock order).
        await lockProfiles(tx, [userId]);
        // Two accounts asking for one gamertag at once count against its daily maximum one after the other.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`cashout-gamertag:${gamertag.toLowerCase()}`}))`,
        );
        const locked = await vaultProfile(tx, userId);
        refuse(validateCashOut(input, locked));
        await checkOpen(tx, userId, gamertag, amount);
        const now = deps.clock.now();
        const { facts } = await riskFacts(tx, {
          userId,
          gamertag,
          amount,
          now,
          linkWindowDays: deps.cashout.linkWindowDays,
        });
        const risk = assessCashout(facts, rules);
        const stage = !risk.automatic ? "review" : deps.payouts.client ? "queued" : "manual";
        const [row] = await tx
          .insert(cashoutRequests)
          .values({
            userId,
            gamertag,
            amount,
            status: "pending",
            stage,
            riskScore: risk.score,
            riskReasons: [...risk.reasons],
            amountMsats: deps.payouts.client
              ? coinsToMsats(amount, deps.cashout.msatsPerCoin).toString()
              : null,
            nextDueAt: stage === "queued" ? now : null,
            createdAt: now,
          })
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
      // Sent by the payout runner once committed: a provider must never pay out coins a rollback would restore.
      if (request.stage === "queued") deps.reconciler.nudge();
      return { newVaultCoins, request: toCashout(request), message: messages.cashoutSubmitted };
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
      const shown = rows.slice(0, page.limit);
      const [notes, sides] = await Promise.all([
        grantReasons(db, shown),
        counterpartiesOf(db, userId, shown),
      ]);
      const entries = shown.map((row) => ({
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
        ...(sides.get(row.id) ?? { counterparty: null }),
      }));
      return { entries, nextCursor: rows.length > page.limit ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}
