// A guild's standing toward the next war: at war, resting after one, sitting it out, enlisted ('War Ready'), or building its bank
// toward 500 coins (the bar, with what reaching it means: enlisted for free, and when the war starts).
import type { GuildSummary } from "@bot-arena/contract";
import { BedDouble, CirclePause, Swords } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { ProgressBar } from "../../ui/ProgressBar";
import { formatCoins } from "../bank/coins";
import { enlistHint } from "../guild-wars/rules";

export type WarStanding = "disbanded" | "at_war" | "resting" | "sitting_out" | "enlisted" | "building";

/** Where the guild stands for the next war; a rest after a war, then sitting out, win over the bank, whatever it
 * holds. A disbanded guild stands nowhere: it fights no war again. */
export function warStanding(guild: GuildSummary & { disbandedAt?: string | null }): WarStanding {
  if (guild.disbandedAt) return "disbanded";
  if (guild.currentWarId) return "at_war";
  if (guild.restsUntil) return "resting";
  if (guild.sitsOutNextWar) return "sitting_out";
  return guild.isEligibleForWar ? "enlisted" : "building";
}

export function WarReadyBadge({ guild }: { guild: GuildSummary }) {
  const standing = warStanding(guild);
  if (standing === "at_war") {
    return (
      <Badge tone="magenta">
        <Swords className="size-3" aria-hidden="true" /> At War
      </Badge>
    );
  }
  if (standing === "resting") {
    return (
      <Badge tone="neutral">
        <BedDouble className="size-3" aria-hidden="true" /> Resting
      </Badge>
    );
  }
  if (standing === "sitting_out") {
    return (
      <Badge tone="neutral">
        <CirclePause className="size-3" aria-hidden="true" /> Sitting Out
      </Badge>
    );
  }
  if (standing !== "enlisted") return null;
  return (
    <Badge tone="success">
      <Swords className="size-3" aria-hidden="true" /> War Ready
    </Badge>
  );
}

/**
 * The spec's progress toward eligibility (500 coins needed), shown while the guild is building, with what
 * reaching it means (left out where the page says it beside the bar).
 */
export function WarProgress({ guild, hint = true }: { guild: GuildSummary; hint?: boolean }) {
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
      {hint && (
        <p className="text-sm text-muted" data-testid="war-progress-hint">
          {enlistHint}
        </p>
      )}
    </div>
  );
}

/** One figure of a guild: label over value. */
export function GuildStat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <p className="text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-muted">{label}</p>
      <p className="break-words font-display text-lg font-bold tabular-nums text-ink">{value}</p>
    </div>
  );
}
