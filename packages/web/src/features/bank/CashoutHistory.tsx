// The player's latest cash-out requests and where each stands.
import type { CashoutRequest } from "@bot-arena/contract";
import { Send } from "lucide-react";
import { Badge, type BadgeTone } from "../../ui/Badge";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "./coins";

const statusTone: Record<CashoutRequest["status"], BadgeTone> = {
  pending: "legendary",
  paid: "success",
  failed: "danger",
};
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
              </div>
              <span className="font-display text-sm font-bold tabular-nums text-amber">
                {formatCoins(request.amount)}
              </span>
              <Badge tone={statusTone[request.status]}>{request.status}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
