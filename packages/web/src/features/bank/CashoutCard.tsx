// The bank's Cash Out card: the player's standing, and the button to the request form, disabled with its reason
// whenever a request could only be refused.
import type { CashoutStanding } from "@bot-arena/contract";
import { Send } from "lucide-react";
import { useId } from "react";
import { Button } from "../../ui/Button";
import { Panel } from "../../ui/Panel";
import { CashoutStandingView } from "./CashoutStanding";
import { formatCoins } from "./coins";

/** Why a request cannot be made now when the standing shows no reason of its own (open, nothing to send). */
function emptyReason(standing: CashoutStanding): string | null {
  if (!standing.open || standing.availableNow > 0) return null;
  if (standing.leftToday === 0)
    return `Today's ${formatCoins(standing.dailyMax)} coins are taken: more after midnight UTC`;
  return "Deposit coins into your vault to cash them out";
}

export function CashoutCard({ standing, onOpen }: { standing: CashoutStanding; onOpen: () => void }) {
  const messageId = useId();
  const reasonId = useId();
  const empty = emptyReason(standing);
  const blocked = !standing.open || empty !== null;
  return (
    <Panel tone="neutral" className="h-full">
      <div className="flex h-full flex-col gap-4">
        <div className="flex items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-md border border-magenta/30 bg-magenta/10 text-magenta">
            <Send className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-display text-base font-bold uppercase tracking-widest text-ink">Cash Out</h2>
            <p className="text-sm text-muted">Vault coins to your ZBD gamertag</p>
          </div>
        </div>
        <CashoutStandingView standing={standing} messageId={messageId} />
        <div className="mt-auto space-y-2">
          {empty !== null && (
            <p id={reasonId} className="text-sm text-muted">
              {empty}
            </p>
          )}
          <Button
            variant="secondary"
            className="w-full"
            disabled={blocked}
            aria-describedby={blocked ? (empty !== null ? reasonId : messageId) : undefined}
            onClick={onOpen}
          >
            Cash Out
          </Button>
        </div>
      </div>
    </Panel>
  );
}
