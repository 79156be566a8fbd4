// The four stats as HUD tiles (strength, agility, defense, intelligence), each with its icon.
import type { StatName } from "@bot-arena/game";
import { Brain, type LucideIcon, Shield, Swords, Wind } from "lucide-react";
import { cn } from "../../ui/cn";

export const statLook: Record<StatName, { label: string; icon: LucideIcon; color: string }> = {
  strength: { label: "Strength", icon: Swords, color: "text-danger" },
  agility: { label: "Agility", icon: Wind, color: "text-lime" },
  defense: { label: "Defense", icon: Shield, color: "text-cyan" },
  intelligence: { label: "Intelligence", icon: Brain, color: "text-magenta" },
};

export const statOrder: readonly StatName[] = ["strength", "agility", "defense", "intelligence"];

type BotStatGridProps = {
  stats: Readonly<Record<StatName, number>>;
  className?: string;
  /** Compact two-by-two tiles for cards; the default suits a detail panel. */
  compact?: boolean;
};

export function BotStatGrid({ stats, className, compact = false }: BotStatGridProps) {
  return (
    <dl className={cn("grid grid-cols-2 gap-2", !compact && "sm:grid-cols-4", className)}>
      {statOrder.map((stat) => {
        const { label, icon: Icon, color } = statLook[stat];
        return (
          // A <dl> holds only dt/dd (or a div of them): the icon rides in the dt, the value indents under it.
          <div
            key={stat}
            className={cn(
              "min-w-0 rounded-md border border-cyan/15 bg-void/60",
              compact ? "px-2 py-1.5" : "px-3 py-2.5",
            )}
          >
            <dt className="flex min-w-0 items-center gap-2 text-[0.7rem] font-semibold uppercase tracking-wider text-muted max-sm:gap-1.5 max-sm:tracking-normal">
              <Icon className={cn("shrink-0", color, compact ? "size-4" : "size-5")} aria-hidden="true" />
              <span className="min-w-0 break-words">{label}</span>
            </dt>
            <dd className={cn("font-display font-bold text-ink", compact ? "pl-6 text-sm" : "pl-7 text-lg")}>
              {stats[stat]}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
