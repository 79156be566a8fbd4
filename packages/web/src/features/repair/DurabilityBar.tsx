// A bot's durability out of its maximum, turning amber and then red as it wears down.
import { Wrench } from "lucide-react";
import { type BarTone, ProgressBar } from "../../ui/ProgressBar";

export function durabilityTone(durability: number, maxDurability: number): BarTone {
  const share = maxDurability > 0 ? durability / maxDurability : 1;
  if (share <= 0.25) return "danger";
  if (share <= 0.6) return "amber";
  return "lime";
}

export function DurabilityBar({ durability, maxDurability }: { durability: number; maxDurability: number }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between text-sm">
        <span className="inline-flex items-center gap-1.5 font-semibold uppercase tracking-wider text-muted">
          <Wrench className="size-4 text-lime" aria-hidden="true" />
          Durability
        </span>
        <span className="font-display text-xs font-bold text-ink">
          {durability} / {maxDurability}
        </span>
      </div>
      <ProgressBar
        value={durability}
        max={maxDurability}
        label="Durability"
        tone={durabilityTone(durability, maxDurability)}
      />
    </div>
  );
}
