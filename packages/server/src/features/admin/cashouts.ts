// The Cash-outs tab: the queue of pending requests, oldest first, with those older than the 48 hours the bank
// promises flagged; paid and refunded ones under a filter. Each entry carries its risk assessment (a score and
// its reasons in words), the requester's linked accounts with how they are linked and the coins moved between
// them, and where the payment stands at the provider. Operators approve a held request (it goes to the provider,
// or to 'Mark paid' with the record-only one), mark paid, refund with a reason, and freeze or unfreeze an account
// with its linked ones. Every action writes its operations-log row in its own transaction.
import {
  type AdminCashout,
  adminCashoutMessages,
  CASHOUT_OVERDUE_HOURS,
  type CashoutStatus,
  type FreezeResponse,
  type PayoutsStanding,
  type SettleCashoutResponse,
} from "@bot-arena/contract";
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Clock } from "../../platform/clock";
import type { CashoutConfig } from "../../platform/config";
import type { Db } from "../../platform/db/database";
import { lockProfiles } from "../../platform/db/locks";
import { cashoutRequests, profiles } from "../../platform/db/schema";
import { conflict, forbidden, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { publishToPlayer } from "../../platform/live/publish";
import { logAdminAction } from "../../platform/ops-log";
import type { Reconciler } from "../../platform/reconciler";
import { linkedAccounts, linksWithCoins } from "../account/links";
import { accountStanding } from "../bank/cashout-rules";
import type { Payouts } from "../bank/payouts";
import { OPERATOR_SETTLES_FROM, type Settlement, settleCashoutIn } from "../bank/settle";
import { audited } from "./audit";

export const CASHOUT_LIST_LIMIT = 200;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const settler = alias(profiles, "settler");

export type AdminCashoutsService = ReturnType<typeof createAdminCashoutsService>;

export function createAdminCashoutsService(deps: {
  db: Db;
  clock: Clock;
  payouts: Payouts;
  cashout: CashoutConfig;
  reconciler: Pick<Reconciler, "nudge">;
}) {
  const { db, clock } = deps;

  async function rows(where: SQL | undefined, order: "oldest" | "newest"): Promise<AdminCashout[]> {
    const found = await db
      .select({
        request: cashoutRequests,
        username: profiles.username,
        email: profiles.email,
        frozenReason: profiles.frozenReason,
        frozenAt: profiles.frozenAt,
        settledBy: settler.username,
      })
      .from(cashoutRequests)
      .innerJoin(profiles, eq(profiles.id, cashoutRequests.userId))
      .leftJoin(settler, eq(settler.id, cashoutRequests.settledBy))
      .where(where)
      .orderBy(order === "oldest" ? asc(cashoutRequests.createdAt) : desc(cashoutRequests.settledAt))
      .limit(CASHOUT_LIST_LIMIT);
    const now = clock.now();
    // One requester's links and standing serve each of their requests in the list.
    const requesters = [...new Set(found.map((entry) => entry.request.userId))];
    const details = new Map(
      await Promise.all(
        requesters.map(
          async (userId) =>
            [
              userId,
              await Promise.all([
                linksWithCoins(db, userId, deps.cashout.linkWindowDays),
                accountStanding(db, userId, now, deps.cashout.rules),
              ]),
            ] as const,
        ),
      ),
    );
    return found.map(({ request, username, email, settledBy, frozenAt, frozenReason }) => {
      const [links, standing] = details.get(request.userId)!;
      const age = now.getTime() - request.createdAt.getTime();
      return {
        id: request.id,
        userId: request.userId,
        username,
        email,
        gamertag: request.gamertag,
        amount: request.amount,
        status: request.status as CashoutStatus,
        createdAt: request.createdAt.toISOString(),
        ageHours: Math.max(0, Math.floor(age / HOUR_MS)),
        overdue: request.status === "pending" && age > CASHOUT_OVERDUE_HOURS * HOUR_MS,
        settledAt: request.settledAt?.toISOString() ?? null,
        settledBy,
        providerRef: request.providerRef,
        refundReason: request.refundReason,
        stage: request.stage,
        risk: { score: request.riskScore, reasons: request.riskReasons.map((reason) => reason.text) },
        linked: links.map((link) => ({
          userId: link.userId,
          username: link.username,
          device: link.device,
          address: link.address,
          coinsIn: link.coinsIn,
          coinsOut: link.coinsOut,
          frozen: link.frozen,
        })),
        accountDays: Math.floor(standing.ageMs / DAY_MS),
        battles: standing.battles,
        frozen: frozenAt !== null,
        frozenReason,
        amountMsats: request.amountMsats,
        lastError: request.lastError,
      };
    });
  }

  const one = async (id: string) => (await rows(eq(cashoutRequests.id, id), "oldest"))[0]!;

  function settle(adminId: UserId, id: string, settlement: Settlement): Promise<SettleCashoutResponse> {
    const action = settlement.outcome === "paid" ? "cashout_paid" : "cashout_refund";
    const detail =
      settlement.outcome === "paid" ? { reference: settlement.reference } : { reason: settlement.reason };
    return audited(db, { adminId, action, targetType: "cashout", targetId: id, detail }, async () => {
      const settled = await db.transaction(async (tx) => {
        const row = await settleCashoutIn(tx, clock.now(), id, settlement, adminId, OPERATOR_SETTLES_FROM);
        await logAdminAction(tx, {
          adminId,
          action,
          targetType: "cashout",
          targetId: id,
          result: "success",
          detail: { ...detail, amount: row.amount, gamertag: row.gamertag, playerId: row.userId },
        });
        return row;
      });
      const cashout = await one(settled.id);
      const message =
        settlement.outcome === "paid"
          ? adminCashoutMessages.markedPaid(settled.amount, cashout.username)
          : adminCashoutMessages.refunded(settled.amount, cashout.username);
      return { message, cashout };
    });
  }

  async function approve(adminId: UserId, id: string): Promise<SettleCashoutResponse> {
    const sends = deps.payouts.client !== null;
    return audited(
      db,
      { adminId, action: "cashout_approve", targetType: "cashout", targetId: id },
      async () => {
        const approved = await db.transaction(async (tx) => {
          const [request] = await tx
            .select({ userId: cashoutRequests.userId, status: cashoutRequests.status })
            .from(cashoutRequests)
            .where(eq(cashoutRequests.id, id));
          if (!request) throw notFound(adminCashoutMessages.notFound);
          if (request.status !== "pending") throw conflict(adminCashoutMessages.alreadySettled);
          const [owner] = await lockProfiles(tx, [request.userId]);
          const [row] = await tx
            .update(cashoutRequests)
            .set({
              stage: sends ? "queued" : "manual",
              approvedBy: adminId,
              nextDueAt: sends ? clock.now() : null,
              // A request made while the record-only provider ran is sent at today's rate.
              ...(sends
                ? {
                    amountMsats: sql`coalesce(${cashoutRequests.amountMsats}, (${cashoutRequests.amount} * ${deps.cashout.msatsPerCoin.toString()}::numeric)::text)`,
                  }
                : {}),
            })
            .where(and(eq(cashoutRequests.id, id), eq(cashoutRequests.stage, "review")))
            .returning();
          if (!row) throw conflict(adminCashoutMessages.notInReview);
          // The player's bank leaves 'Under review' at once (the page refetches; only a settlement toasts).
          await publishToPlayer(tx, row.userId, "cashout", {
            id: row.id,
            status: row.status,
            amount: row.amount,
          });
          await logAdminAction(tx, {
            adminId,
            action: "cashout_approve",
            targetType: "cashout",
            targetId: id,
            result: "success",
            detail: { amount: row.amount, gamertag: row.gamertag, playerId: row.userId, risk: row.riskScore },
          });
          return { row, username: owner!.username };
        });
        if (sends) deps.reconciler.nudge();
        const message = sends
          ? adminCashoutMessages.approved(approved.row.amount, approved.username)
          : adminCashoutMessages.approvedManual(approved.row.amount, approved.username);
        return { message, cashout: await one(id) };
      },
    );
  }

  async function freeze(
    adminId: UserId,
    userId: UserId,
    reason: string,
    withLinked: boolean,
  ): Promise<FreezeResponse> {
    return audited(
      db,
      { adminId, action: "account_freeze", targetType: "player", targetId: userId },
      async () => {
        if (userId === adminId) throw forbidden(adminCashoutMessages.cannotFreezeSelf);
        const links = withLinked ? await linkedAccounts(db, userId, deps.cashout.linkWindowDays) : [];
        const ids = [userId, ...links.map((link) => link.userId).filter((id) => id !== adminId)];
        const frozen = await db.transaction(async (tx) => {
          const held = await lockProfiles(tx, ids);
          if (!held.some((profile) => profile.id === userId))
            throw notFound(adminCashoutMessages.accountNotFound);
          const changed = await tx
            .update(profiles)
            .set({ frozenAt: clock.now(), frozenReason: reason })
            .where(and(inArray(profiles.id, ids), isNull(profiles.frozenAt)))
            .returning({ userId: profiles.id, username: profiles.username });
          await logAdminAction(tx, {
            adminId,
            action: "account_freeze",
            targetType: "player",
            targetId: userId,
            result: "success",
            detail: { reason, accounts: changed.map((row) => row.username) },
          });
          return changed;
        });
        return { message: adminCashoutMessages.frozen(frozen.length), frozen };
      },
    );
  }

  async function unfreeze(adminId: UserId, userId: UserId): Promise<FreezeResponse> {
    return audited(db, { adminId, action: "account_unfreeze", targetType: "player", targetId: userId }, () =>
      db.transaction(async (tx) => {
        const [held] = await lockProfiles(tx, [userId]);
        if (!held) throw notFound(adminCashoutMessages.accountNotFound);
        const changed = await tx
          .update(profiles)
          .set({ frozenAt: null, frozenReason: null })
          .where(and(eq(profiles.id, userId), isNotNull(profiles.frozenAt)))
          .returning({ userId: profiles.id, username: profiles.username });
        if (changed.length === 0) throw conflict(adminCashoutMessages.notFrozen);
        await logAdminAction(tx, {
          adminId,
          action: "account_unfreeze",
          targetType: "player",
          targetId: userId,
          result: "success",
          detail: { username: held.username },
        });
        return { message: adminCashoutMessages.unfrozen(held.username), frozen: changed };
      }),
    );
  }

  return {
    async list(status: CashoutStatus): Promise<{ cashouts: AdminCashout[]; payouts: PayoutsStanding }> {
      const [cashouts, payouts] = await Promise.all([
        rows(eq(cashoutRequests.status, status), status === "pending" ? "oldest" : "newest"),
        deps.payouts.standing(),
      ]);
      return { cashouts, payouts };
    },
    approve,
    markPaid: (adminId: UserId, id: string, reference: string) =>
      settle(adminId, id, { outcome: "paid", reference }),
    refund: (adminId: UserId, id: string, reason: string) =>
      settle(adminId, id, { outcome: "refunded", reason }),
    freeze,
    unfreeze,
  };
}
