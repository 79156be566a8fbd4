// The player's latest cash-out requests and where each stands: under review, on its way, paid (with ZBD's
// reference, which the player can quote if the money does not show up) or refunded with the operator's reason.
import type { CashoutRequest } from "@bot-arena/contract";
import { Send } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { formatWhen } from "../../ui/dates";
import { Panel } from "../../ui/Panel";
import { phaseBadge, phaseSentence } from "./cashoutPhase";
import { formatCoins } from "./coins";

function CashoutItem({ request }: { request: CashoutRequest }) {
  const badge = phaseBadge[request.phase];
  return (
    <li className="flex items-start gap-3 py-3" data-testid="cashout-request" data-phase={request.phase}>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="break-words font-semibold text-ink">{request.gamertag}</p>
        <p className="text-xs text-muted">{formatWhen(request.createdAt)}</p>
        <p
          className={request.phase === "refunded" ? "text-sm text-danger" : "text-sm text-muted"}
          data-testid="cashout-outcome"
        >
          {phaseSentence(request)}
        </p>
        {request.providerRef !== null && (
          <p className="text-xs text-muted" data-testid="cashout-reference">
            ZBD reference: <span className="break-all font-mono text-ink">{request.providerRef}</span>
          </p>
        )}
      </div>
      {/* Amount over status: narrow enough for a phone beside a long refund reason. */}
      <div className="flex shrink-0 flex-col items-end gap-1.5">
        <span className="font-display text-sm font-bold tabular-nums text-amber">
          {formatCoins(request.amount)}
        </span>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
    </li>
  );
}

export function CashoutHistory({ requests }: { requests: readonly CashoutRequest[] }) {
  return (
    <Panel tone="neutral">
      <h2 className="mb-4 flex items-center gap-2 font-display text-base font-bold uppercase tracking-widest text-ink">
        <Send className="size-5 text-magenta" aria-hidden="true" />
        Cash-out Requests
      </h2>
      {requests.length === 0 ? (
        <p className="py-4 text-center text-muted">
          No cash-outs yet. Vault coins can be sent to your ZBD gamertag.
        </p>
      ) : (
        <ul className="divide-y divide-cyan/10" aria-label="Cash-out requests">
          {requests.map((request) => (
            <CashoutItem key={request.id} request={request} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
