// The house rules of cash-outs in three sentences, with the server's own numbers: real money leaves the game
// here, so a player should know what holds a request back before asking.
import type { CashoutStanding } from "@bot-arena/contract";
import { CASHOUT_PROCESSING_HOURS } from "@bot-arena/game";
import { Scale } from "lucide-react";
import { Panel } from "../../ui/Panel";
import { formatCount } from "./coins";

const [soonest, latest] = CASHOUT_PROCESSING_HOURS;

/** 'once it is 7 days old and has fought 20 battles', or null when neither is asked for. */
function gate({ minAccountDays, minBattles }: CashoutStanding): string | null {
  const parts = [
    ...(minAccountDays > 0 ? [`is ${formatCount(minAccountDays, "day")} old`] : []),
    ...(minBattles > 0 ? [`has fought ${formatCount(minBattles, "battle")}`] : []),
  ];
  return parts.length === 0 ? null : `once it ${parts.join(" and ")}`;
}

export function CashoutRules({ standing }: { standing: CashoutStanding }) {
  const opens = gate(standing);
  return (
    <Panel tone="neutral" aria-labelledby="cashout-rules">
      <h2
        id="cashout-rules"
        className="mb-2 flex items-center gap-2 font-display text-base font-bold uppercase tracking-widest text-ink"
      >
        <Scale className="size-5 text-cyan" aria-hidden="true" />
        Cash-out rules
      </h2>
      <p className="text-sm leading-relaxed text-muted" data-testid="cashout-rules">
        {opens && `An account can cash out ${opens}. `}
        Up to {formatCount(standing.dailyMax, "coin")} a day can go out of each account, and into each ZBD
        gamertag. Up to {formatCount(standing.autoMax, "coin")} with nothing unusual go at once; the rest,
        such as coins passed between accounts on one device or address, wait for a person ({soonest}-{latest}{" "}
        hours). Accounts that farm coins are frozen.
      </p>
    </Panel>
  );
}
