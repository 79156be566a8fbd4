// One stat line: name, number and a bar scaled to the stat's ceiling.
import { type BarTone, ProgressBar } from "./ProgressBar";

type StatBarProps = { label: string; value: number; max: number; tone?: BarTone };

export function StatBar({ label, value, max, tone = "cyan" }: StatBarProps) {
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-semibold uppercase tracking-wider text-muted">{label}</span>
        <span className="font-display text-xs font-bold text-ink">{value}</span>
      </div>
      <ProgressBar value={value} max={max} label={label} tone={tone} />
    </div>
  );
}
