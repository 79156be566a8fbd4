// Four stat rows with − and + steppers: the creation form's 40 points and the summon's 10 bonus points both
// use it; the caller's rules decide when each button is blocked.
import type { StatName } from "@bot-arena/game";
import { Minus, Plus } from "lucide-react";
import { cn } from "../../ui/cn";
import { IconButton } from "../../ui/IconButton";
import { statLook, statOrder } from "./BotStatGrid";

type StatAllocatorProps = {
  values: Readonly<Record<StatName, number>>;
  /** Shown beside each value, e.g. the summoned bot's rolled stat the points are added to. */
  base?: Readonly<Record<StatName, number>>;
  /** The bar's right end. */
  max: number;
  canRaise: (stat: StatName) => boolean;
  canLower: (stat: StatName) => boolean;
  onStep: (stat: StatName, delta: 1 | -1) => void;
  disabled?: boolean;
};

export function StatAllocator({
  values,
  base,
  max,
  canRaise,
  canLower,
  onStep,
  disabled,
}: StatAllocatorProps) {
  return (
    <ul className="space-y-3">
      {statOrder.map((stat) => {
        const { label, icon: Icon, color } = statLook[stat];
        const value = values[stat];
        const total = (base?.[stat] ?? 0) + value;
        return (
          <li
            key={stat}
            className="flex items-center gap-2 rounded-lg border border-cyan/15 bg-void/50 px-2.5 py-2.5 sm:gap-3 sm:px-3"
            data-testid={`stat-${stat}`}
          >
            <Icon className={cn("size-5 shrink-0", color)} aria-hidden="true" />
            <div className="min-w-0 flex-1">
              {/* '10 +2 = 12' never breaks; on a phone the label is smaller so both fit one line. */}
              <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="text-xs font-semibold uppercase tracking-wider text-muted sm:text-base">
                  {label}
                </span>
                <span
                  className="shrink-0 whitespace-nowrap font-display text-sm font-bold text-ink tabular-nums"
                  data-testid={`stat-${stat}-value`}
                >
                  {base ? (
                    <>
                      {base[stat]} <span className="text-lime">+{value}</span> = {total}
                    </>
                  ) : (
                    value
                  )}
                </span>
              </div>
              <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-steel/70">
                <div
                  className="h-full rounded-full bg-linear-to-r from-cyan to-magenta transition-[width] duration-300"
                  style={{ width: `${Math.min(100, (value / max) * 100)}%` }}
                />
              </div>
            </div>
            <IconButton
              label={`Decrease ${label}`}
              size="sm"
              disabled={disabled || !canLower(stat)}
              onClick={() => onStep(stat, -1)}
            >
              <Minus className="size-4" aria-hidden="true" />
            </IconButton>
            <IconButton
              label={`Increase ${label}`}
              size="sm"
              disabled={disabled || !canRaise(stat)}
              onClick={() => onStep(stat, 1)}
            >
              <Plus className="size-4" aria-hidden="true" />
            </IconButton>
          </li>
        );
      })}
    </ul>
  );
}
