// The odds before a battle, styled like the arena's other meters: "Win chance 63%" in the odds' colour.
import { Gauge } from "lucide-react";
import { cn } from "../../ui/cn";
import { ProgressBar } from "../../ui/ProgressBar";
import { Spinner } from "../../ui/Spinner";
import { winChanceTone, winChanceVerdict } from "./winChance";

const text = { danger: "text-danger", amber: "text-amber", lime: "text-lime" } as const;
const frame = {
  danger: "border-danger/40 bg-danger/10",
  amber: "border-amber/40 bg-amber/10",
  lime: "border-lime/40 bg-lime/10",
} as const;

type WinChanceMeterProps = {
  /** The shown percent, or null while it is being worked out. */
  percent: number | null;
  /** What the odds are against, e.g. "Against a level-1 AI"; defaults to "Win chance". */
  label?: string;
  /** The line under the meter; defaults to a verdict on the odds. */
  hint?: string;
  className?: string;
};

export function WinChanceMeter({ percent, label = "Win chance", hint, className }: WinChanceMeterProps) {
  const tone = winChanceTone(percent ?? 50);
  return (
    <div
      role="status"
      data-testid="win-chance"
      data-percent={percent ?? undefined}
      data-tone={percent === null ? undefined : tone}
      className={cn(
        "space-y-2 rounded-lg border px-4 py-3",
        percent === null ? "border-steel bg-void/40" : frame[tone],
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3">
        {/* Width 0 and grow: a long rival's name is cut short instead of widening the page on a phone. */}
        <span className="flex w-0 flex-1 items-center gap-1.5 font-display text-xs font-bold uppercase tracking-[0.2em] text-muted">
          <Gauge className={cn("size-4 shrink-0", text[tone])} aria-hidden="true" />
          <span className="break-words">{label}</span>
        </span>
        {percent === null ? (
          <Spinner size="sm" className="text-muted" />
        ) : (
          <span className={cn("font-display text-2xl font-black tabular-nums", text[tone])}>{percent}%</span>
        )}
      </div>
      <ProgressBar value={percent ?? 0} max={100} label={label} tone={tone} />
      <p className="text-sm text-muted">
        {percent === null ? "Running the numbers…" : (hint ?? winChanceVerdict(percent))}
      </p>
    </div>
  );
}
