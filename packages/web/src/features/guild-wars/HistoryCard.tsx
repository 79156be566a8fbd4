// A completed war in the History tab: its completion date and the top 3, each with guild, power and
// '+prize coins' named as the arena's prize; a war fought under the old stakes says so, and what each of the three
// gained after its stake. The whole card opens like an active one for its duels and replays.
import type { GuildWarSummary } from "@bot-arena/contract";
import { CalendarCheck, ChevronDown } from "lucide-react";
import { useState } from "react";
import { Card } from "../../ui/Card";
import { formatWhen } from "../../ui/dates";
import { formatCoins } from "../bank/coins";
import { OLD_RULE_STAKE, oldRuleNote } from "./rules";
import { MyGuildLine, PlacementBadge, WarCard } from "./WarCard";

/** Under a prize: the arena's, or (old stakes) what the guild gained once its own stake is counted. */
function prizeNote(war: GuildWarSummary, prize: number): string {
  if (war.funding === "house") return "prize from the arena";
  const net = prize - OLD_RULE_STAKE;
  return net > 0 ? `net +${formatCoins(net)} after its stake` : "its stake back, net 0";
}

export function HistoryCard({
  war,
  now,
  myGuildId,
}: {
  war: GuildWarSummary;
  now: number;
  myGuildId: string | null;
}) {
  const [expanded, setExpanded] = useState(false);
  const podium = war.participants.filter((p) => p.placement !== null && p.placement <= 3);
  if (expanded) {
    return (
      <div className="space-y-2">
        <WarCard war={war} now={now} myGuildId={myGuildId} />
        <button
          type="button"
          className="text-sm text-cyan hover:underline"
          onClick={() => setExpanded(false)}
        >
          Show less
        </button>
      </div>
    );
  }
  return (
    <Card data-testid="war-history" id={`war-${war.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-display text-base font-bold uppercase text-ink">{war.name}</h3>
        <p className="flex items-center gap-1 text-sm text-muted">
          <CalendarCheck className="size-4" aria-hidden="true" />
          {war.completedAt ? formatWhen(war.completedAt) : "Completed"}
        </p>
      </div>
      <MyGuildLine war={war} myGuildId={myGuildId} />
      {war.funding === "stakes" && (
        <p className="mt-2 text-xs text-muted" data-testid="old-rule">
          {oldRuleNote}
        </p>
      )}
      <ol className="mt-3 space-y-1.5">
        {podium.map((p) => (
          <li key={p.guildId} className="flex items-center gap-3 text-sm">
            <PlacementBadge rank={p.placement!} />
            <span className="min-w-0 flex-1">
              <span className="block break-words text-ink">
                <span className="font-display text-xs font-bold text-magenta">[{p.tag}]</span> {p.name}
              </span>
              <span className="block text-xs tabular-nums text-muted">{formatCoins(p.totalPower)} power</span>
            </span>
            <span className="shrink-0 text-right" data-testid="war-prize">
              <span className="block font-display font-bold tabular-nums text-amber">
                +{formatCoins(p.prizeAmount)} coins
              </span>
              <span className="block text-xs text-muted">{prizeNote(war, p.prizeAmount)}</span>
            </span>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="mt-3 inline-flex cursor-pointer items-center gap-1 text-sm text-cyan hover:underline"
        onClick={() => setExpanded(true)}
      >
        <ChevronDown className="size-4" aria-hidden="true" /> All guilds and duels
      </button>
    </Card>
  );
}
