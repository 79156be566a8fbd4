// A labelled meter (XP, energy, durability) on Radix Progress so assistive tech reads its value.
import { Progress } from "radix-ui";
import { cn } from "./cn";

export type BarTone = "cyan" | "magenta" | "lime" | "amber" | "danger";

const fills: Record<BarTone, string> = {
  cyan: "from-cyan/70 to-cyan shadow-[0_0_10px_rgb(34_229_255/0.7)]",
  magenta: "from-violet to-magenta shadow-[0_0_10px_rgb(255_43_214/0.7)]",
  lime: "from-emerald-400 to-lime shadow-[0_0_10px_rgb(163_255_18/0.6)]",
  amber: "from-orange-500 to-amber shadow-[0_0_10px_rgb(255_176_32/0.6)]",
  danger: "from-rose-600 to-danger shadow-[0_0_10px_rgb(255_59_92/0.7)]",
};

type ProgressBarProps = {
  value: number;
  max: number;
  /** Names the bar for screen readers, e.g. "Energy". */
  label: string;
  tone?: BarTone;
  className?: string;
};

export function ProgressBar({ value, max, label, tone = "cyan", className }: ProgressBarProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? (clamped / max) * 100 : 0;
  return (
    <Progress.Root
      value={clamped}
      max={max}
      aria-label={label}
      getValueLabel={(v, m) => `${v} / ${m}`}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-steel/70", className)}
    >
      <Progress.Indicator
        className={cn("h-full rounded-full bg-linear-to-r transition-[width] duration-500", fills[tone])}
        style={{ width: `${percent}%` }}
      />
    </Progress.Root>
  );
}
