// The Cash-outs tab (issue 17): the queue of pending requests, oldest first, with those older than the 48 hours
// the bank promises flagged; paid and refunded ones under a filter. Settling goes through bank/settle.ts in a
// transaction that also writes the operations-log row.
import {
  type AdminCashout,
  adminCashoutMessages,
  CASHOUT_OVERDUE_HOURS,
  type CashoutStatus,
  type SettleCashoutResponse,
} from "@bot-arena/contract";
import { asc, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { cashoutRequests, profiles } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { logAdminAction } from "../../platform/ops-log";
import { type Settlement, settleCashoutIn } from "../bank/settle";
import { audited } from "./audit";

export const CASHOUT_LIST_LIMIT = 200;
const HOUR_MS = 60 * 60 * 1000;

const settler = alias(profiles, "settler");

export type AdminCashoutsService = ReturnType<typeof createAdminCashoutsService>;

export function createAdminCashoutsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function rows(where: ReturnType<typeof eq>, order: "oldest" | "newest"): Promise<AdminCashout[]> {
    const found = await db
      .select({
        request: cashoutRequests,
        username: profiles.username,
        email: profiles.email,
        settledBy: settler.username,
      })
      .from(cashoutRequests)
      .innerJoin(profiles, eq(profiles.id, cashoutRequests.userId))
      .leftJoin(settler, eq(settler.id, cashoutRequests.settledBy))
      .where(where)
      .orderBy(order === "oldest" ? asc(cashoutRequests.createdAt) : desc(cashoutRequests.settledAt))
      .limit(CASHOUT_LIST_LIMIT);
    const now = clock.now().getTime();
    return found.map(({ request, username, email, settledBy }) => {
      const ageHours = Math.max(0, Math.floor((now - request.createdAt.getTime()) / HOUR_MS));
      return {
        id: request.id,
        userId: request.userId,
        username,
        email,
        gamertag: request.gamertag,
        amount: request.amount,
        status: request.status as CashoutStatus,
        createdAt: request.createdAt.toISOString(),
        ageHours,
        overdue:
          request.status === "pending" && now - request.createdAt.getTime() > CASHOUT_OVERDUE_HOURS * HOUR_MS,
        settledAt: request.settledAt?.toISOString() ?? null,
        settledBy,
        providerRef: request.providerRef,
        refundReason: request.refundReason,
      };
    });
  }

  function settle(adminId: UserId, id: string, settlement: Settlement): Promise<SettleCashoutResponse> {
    const action = settlement.outcome === "paid" ? "cashout_paid" : "cashout_refund";
    const detail =
      settlement.outcome === "paid" ? { reference: settlement.reference } : { reason: settlement.reason };
    return audited(db, { adminId, action, targetType: "cashout", targetId: id, detail }, async () => {
      const settled = await db.transaction(async (tx) => {
        const row = await settleCashoutIn(tx, clock.now(), id, settlement, adminId);
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
      const [cashout] = await rows(eq(cashoutRequests.id, settled.id), "oldest");
      const message =
        settlement.outcome === "paid"
          ? adminCashoutMessages.markedPaid(settled.amount, cashout!.username)
          : adminCashoutMessages.refunded(settled.amount, cashout!.username);
      return { message, cashout: cashout! };
    });
  }

  return {
    async list(status: CashoutStatus): Promise<{ cashouts: AdminCashout[] }> {
      return {
        cashouts: await rows(eq(cashoutRequests.status, status), status === "pending" ? "oldest" : "newest"),
      };
    },
    markPaid: (adminId: UserId, id: string, reference: string) =>
      settle(adminId, id, { outcome: "paid", reference }),
    refund: (adminId: UserId, id: string, reason: string) =>
      settle(adminId, id, { outcome: "refunded", reason }),
  };
}
