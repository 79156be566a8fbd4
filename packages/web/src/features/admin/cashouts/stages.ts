// Where a pending cash-out is, in an operator's words, and what they may do about it there. Mark paid and Refund
// wait while ZBD may be paying (sending, confirming): settling then could pay twice or refund coins being paid.
import type { AdminCashout, CashoutStage } from "@bot-arena/contract";
import type { BadgeTone } from "../../../ui/Badge";

export const stageBadge: Record<CashoutStage, { label: string; tone: BadgeTone }> = {
  review: { label: "Waiting for review", tone: "legendary" },
  manual: { label: "Pay by hand", tone: "magenta" },
  queued: { label: "Queued at ZBD", tone: "cyan" },
  sending: { label: "Sending at ZBD", tone: "cyan" },
  confirming: { label: "Confirming at ZBD", tone: "cyan" },
  held: { label: "Held: wallet too low", tone: "danger" },
  done: { label: "Settled", tone: "neutral" },
};

const inFlight: readonly CashoutStage[] = ["sending", "confirming"];

export const canApprove = (cashout: AdminCashout) =>
  cashout.status === "pending" && cashout.stage === "review";

export const canSettle = (cashout: AdminCashout) =>
  cashout.status === "pending" && !inFlight.includes(cashout.stage);

export const isInFlight = (cashout: AdminCashout) =>
  cashout.status === "pending" && inFlight.includes(cashout.stage);
