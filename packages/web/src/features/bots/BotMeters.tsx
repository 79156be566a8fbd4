// The bars every bot screen shows: energy out of max, XP out of level × 100.
import { xpBarMax } from "@bot-arena/game";
import { Sparkles, Zap } from "lucide-react";
import type { ReactNode } from "react";
import { type BarTone, ProgressBar } from "../../ui/ProgressBar";

function Meter(props: { label: string; icon: ReactNode; value: number; max: number; tone: BarTone }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between text-sm">
        <span className="inline-flex items-center gap-1.5 font-semibold uppercase tracking-wider text-muted">
          {props.icon}
          {props.label}
        </span>
        <span className="font-display text-xs font-bold text-ink">
          {props.value} / {props.max}
        </span>
      </div>
      <ProgressBar value={props.value} max={props.max} label={props.label} tone={props.tone} />
    </div>
  );
}

export function EnergyBar({ energy, maxEnergy }: { energy: number; maxEnergy: number }) {
  const low = energy < maxEnergy * 0.25;
  return (
    <Meter
      label="Energy"
      icon={<Zap className="size-4 text-amber" aria-hidden="true" />}
      value={energy}
      max={maxEnergy}
      tone={low ? "danger" : "amber"}
    />
  );
}

export function XpBar({ xp, level }: { xp: number; level: number }) {
  return (
    <Meter
      label="XP"
      icon={<Sparkles className="size-4 text-cyan" aria-hidden="true" />}
      value={xp}
      max={xpBarMax(level)}
      tone="cyan"
    />
  );
}
