// What the player reads of a cash-out request: a short label for its badge and the sentence under its gamertag.
import type { CashoutRequest } from "@bot-arena/contract";
import { CASHOUT_PROCESSING_HOURS, cashoutMessages } from "@bot-arena/game";
import type { BadgeTone } from "../../ui/Badge";
import { formatWhen } from "../../ui/dates";

const [soonest, latest] = CASHOUT_PROCESSING_HOURS;

export const phaseBadge: Record<CashoutRequest["phase"], { label: string; tone: BadgeTone }> = {
  under_review: { label: cashoutMessages.underReview, tone: "legendary" },
  processing: { label: "On its way", tone: "cyan" },
  paid: { label: "Paid", tone: "success" },
  refunded: { label: "Refunded", tone: "danger" },
};

/** What the badge leaves out: who holds the request now, when it was paid, or why it came back. */
export function phaseSentence(request: CashoutRequest): string {
  switch (request.phase) {
    case "under_review":
      return `A person checks it within ${soonest}-${latest} hours`;
    case "processing":
      return "Approved: being sent to your ZBD gamertag";
    case "paid":
      return request.settledAt ? `Paid ${formatWhen(request.settledAt)}` : "Paid";
    case "refunded":
      return `Refunded to your vault: ${request.refundReason ?? ""}`;
  }
}
