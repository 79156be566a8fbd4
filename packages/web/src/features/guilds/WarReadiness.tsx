// A guild's standing toward the next war: the 'War Ready' badge, or the bar toward 500 coins in the bank.
import type { GuildSummary } from "@bot-arena/contract";
import { Swords } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { ProgressBar } from "../../ui/ProgressBar";
import { formatCoins } from "../bank/coins";

export function WarReadyBadge({ guild }: { guild: GuildSummary }) {
  if (guild.currentWarId) {
    return (
      <Badge tone="magenta">
        <Swords className="size-3" aria-hidden="true" /> At War
      </Badge>
    );
  }
  if (!guild.isEligibleForWar) return null;
  return (
    <Badge tone="success">
      <Swords className="size-3" aria-hidden="true" /> War Ready
    </Badge>
  );
}

/** The spec's progress toward eligibility (500 coins needed), shown while the guild is not eligible. */
export function WarProgress({ guild }: { guild: GuildSummary }) {
  const { current, needed } = guild.progress;
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-xs font-semibold uppercase tracking-widest text-muted">
        <span>War eligibility</span>
        <span className="tabular-nums text-ink">
          {formatCoins(current)} / {formatCoins(needed)} coins
        </span>
      </div>
      <ProgressBar value={current} max={needed} label="War eligibility" tone="amber" />
    </div>
  );
}

/** One figure of a guild: label over value. */
export function GuildStat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <p className="text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-muted">{label}</p>
      <p className="truncate font-display text-lg font-bold tabular-nums text-ink">{value}</p>
    </div>
  );
}
