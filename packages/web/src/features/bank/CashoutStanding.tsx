// Where the player stands before asking for a cash-out: closed (the house rule still to meet, with how far along
// the account is), open (what may go now and how it will be handled) or frozen for review.
import type { CashoutStanding } from "@bot-arena/contract";
import { CASHOUT_PROCESSING_HOURS } from "@bot-arena/game";
import { CircleCheck, Lock, Snowflake } from "lucide-react";
import { ProgressBar } from "../../ui/ProgressBar";
import { formatCoins, formatCount } from "./coins";

const [soonest, latest] = CASHOUT_PROCESSING_HOURS;

function GateProgress({ label, done, of, unit }: { label: string; done: number; of: number; unit: string }) {
  const met = done >= of;
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2 text-xs font-semibold uppercase tracking-widest text-muted">
        <span className="flex items-center gap-1.5">
          {met && <CircleCheck className="size-3.5 text-lime" aria-hidden="true" />}
          {label}
        </span>
        <span className="tabular-nums text-ink">
          {formatCoins(Math.min(done, of))} / {formatCount(of, unit)}
        </span>
      </div>
      <ProgressBar value={done} max={of} label={label} tone={met ? "lime" : "magenta"} />
    </div>
  );
}

function Locked({ standing, messageId }: { standing: CashoutStanding; messageId: string }) {
  return (
    <div className="space-y-3" data-testid="cashout-standing" data-state="locked">
      <p id={messageId} className="flex gap-2 font-semibold text-ink" data-testid="cashout-closed-reason">
        <Lock className="mt-0.5 size-4 shrink-0 text-magenta" aria-hidden="true" />
        {standing.lockedMessage}
      </p>
      {standing.minAccountDays > 0 && (
        <GateProgress
          label="Account age"
          done={standing.minAccountDays - standing.daysToGo}
          of={standing.minAccountDays}
          unit="day"
        />
      )}
      {standing.minBattles > 0 && (
        <GateProgress
          label="Battles fought"
          done={standing.minBattles - standing.battlesToGo}
          of={standing.minBattles}
          unit="battle"
        />
      )}
    </div>
  );
}

function Frozen({ standing, messageId }: { standing: CashoutStanding; messageId: string }) {
  return (
    <div
      className="space-y-1 rounded-md border border-cyan/40 bg-cyan/5 p-3"
      data-testid="cashout-standing"
      data-state="frozen"
    >
      <p id={messageId} className="flex gap-2 font-semibold text-ink" data-testid="cashout-closed-reason">
        <Snowflake className="mt-0.5 size-4 shrink-0 text-cyan" aria-hidden="true" />
        {standing.lockedMessage}
      </p>
      <p className="text-sm text-muted">You can still train and battle meanwhile.</p>
    </div>
  );
}

function Open({ standing }: { standing: CashoutStanding }) {
  return (
    <div className="space-y-2" data-testid="cashout-standing" data-state="open">
      <p className="text-xs font-semibold uppercase tracking-widest text-muted">Available now</p>
      <p className="font-display text-2xl font-black tabular-nums text-amber">
        <span data-testid="cashout-available">{formatCoins(standing.availableNow)}</span>{" "}
        <span className="text-sm font-bold uppercase tracking-widest">coins</span>
      </p>
      <p className="text-sm text-ink">
        Up to {formatCount(standing.leftToday, "coin")} today · {formatCoins(standing.dailyMax)} a day
      </p>
      <p className="text-sm text-muted">
        Up to {formatCount(standing.autoMax, "coin")} with nothing unusual go out at once; anything else is
        reviewed by a person within {soonest}-{latest} hours.
      </p>
    </div>
  );
}

/** `messageId` names the closed or frozen text, so the disabled button can point at its reason. */
export function CashoutStandingView({
  standing,
  messageId,
}: {
  standing: CashoutStanding;
  messageId: string;
}) {
  if (standing.frozen) return <Frozen standing={standing} messageId={messageId} />;
  if (!standing.open) return <Locked standing={standing} messageId={messageId} />;
  return <Open standing={standing} />;
}
