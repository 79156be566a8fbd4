// The player's latest cash-out requests and where each stands.
import type { CashoutRequest } from "@bot-arena/contract";
import { Send } from "lucide-react";
import { Badge, type BadgeTone } from "../../ui/Badge";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "./coins";

const statusTone: Record<CashoutRequest["status"], BadgeTone> = {
  pending: "legendary",
  paid: "success",
  refunded: "danger",
};

/** Where a request stands, in words: pending, paid on a date, or refunded with the operator's reason. */
function outcome(request: CashoutRequest): string {
  if (request.status === "paid" && request.settledAt)
    return `Paid ${when.format(new Date(request.settledAt))}`;
  if (request.status === "refunded") return `Refunded to your vault: ${request.refundReason ?? ""}`;
  return "Awaiting payment (24-48 hours)";
}
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function CashoutHistory({ requests }: { requests: readonly CashoutRequest[] }) {
  return (
    <Panel tone="neutral">
      <h2 className="mb-4 flex items-center gap-2 font-display text-base font-bold uppercase tracking-widest text-ink">
        <Send className="size-5 text-magenta" aria-hidden="true" />
        Cash-out Requests
      </h2>
      {requests.length === 0 ? (
        <p className="py-4 text-center text-muted">
          No cash-outs yet. Vault coins can be sent to an external wallet.
        </p>
      ) : (
        <ul className="divide-y divide-cyan/10" aria-label="Cash-out requests">
          {requests.map((request) => (
            <li key={request.id} className="flex items-center gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{request.gamertag}</p>
                <p className="text-xs text-muted">{when.format(new Date(request.createdAt))}</p>
                <p
                  className={request.status === "refunded" ? "text-sm text-danger" : "text-sm text-muted"}
                  data-testid="cashout-outcome"
                >
                  {outcome(request)}
                </p>
              </div>
              {/* Amount over status: narrow enough for a phone beside a long refund reason. */}
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-display text-sm font-bold tabular-nums text-amber">
                  {formatCoins(request.amount)}
                </span>
                <Badge tone={statusTone[request.status]}>{request.status}</Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
