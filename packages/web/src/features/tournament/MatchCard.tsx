// One match of an event: its number, two sides (username and bot, 'BYE' for an empty seat, 'TBD' for a winner
// still to come), a bolt on the side that strikes first, a crown on the winner, and while it is fought an
// orange rim with a LIVE overlay. A fought match opens its battle in the COMBAT ZONE: live while in progress, as
// a replay afterwards. A decided match tells the winner's HP left; a live one how many are watching it.
import type { TournamentMatch, TournamentParticipant } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { Crown, Eye, HeartPulse, Radio, Zap } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { cn } from "../../ui/cn";
import { useWatchingCount, WatchingBadge } from "../battles/watching";

type Side = { participant: TournamentParticipant | null; empty: "BYE" | "TBD" };

function SideRow({ side, won, first }: { side: Side; won: boolean; first: boolean }) {
  const p = side.participant;
  return (
    <div className={cn("flex items-center gap-2 px-3 py-2", won ? "bg-amber/10" : "")}>
      <div className="min-w-0 flex-1">
        {p ? (
          <>
            <p className={cn("break-words text-sm font-semibold", won ? "text-amber" : "text-ink")}>
              {p.username}
            </p>
            <p className="break-words text-xs text-muted">{p.botName}</p>
          </>
        ) : (
          <p className="py-1.5 text-sm font-bold tracking-[0.2em] text-muted/60">{side.empty}</p>
        )}
      </div>
      {first && (
        <Zap
          className="size-3.5 shrink-0 text-amber/70"
          aria-label="Strikes first"
          data-testid="first-strike"
        />
      )}
      {won && <Crown className="size-4 shrink-0 text-amber" aria-label="Winner" data-testid="crown" />}
    </div>
  );
}

export function MatchCard({
  match,
  byId,
  fill = false,
}: {
  match: TournamentMatch;
  byId: ReadonlyMap<string, TournamentParticipant>;
  /** Takes its box's width (a grid of pairings) instead of a bracket column's. */
  fill?: boolean;
}) {
  const navigate = useNavigate();
  const live = match.status === "in_progress";
  const watching = useWatchingCount(live ? match.battleId : null);
  // Who strikes first matters until the fight is over; afterwards the crown says what counts.
  const striking = match.status !== "completed" && match.firstStrikeId !== null;
  const empty = match.round === 1 && !match.thirdPlace ? "BYE" : "TBD";
  const side = (id: string | null): Side => ({
    participant: id ? (byId.get(id) ?? null) : null,
    empty: match.status === "completed" ? "BYE" : empty,
  });
  const open = () => {
    if (!match.battleId) return;
    if (!match.canWatch) {
      toast.error(messages.spectatorsOff);
      return;
    }
    navigate(`/battles/${match.battleId}`);
  };
  const clickable = match.battleId !== null;
  return (
    <div
      className={cn(
        "relative overflow-hidden rounded-lg border bg-abyss/90 transition",
        fill ? "w-full" : "w-56",
        live
          ? "border-orange-400 shadow-[0_0_18px_rgb(251_146_60/0.45)]"
          : match.status === "completed"
            ? "border-cyan/30"
            : "border-steel",
        clickable && "cursor-pointer hover:border-cyan hover:shadow-neon-cyan",
      )}
      data-testid="match-card"
      data-status={match.status}
      {...(clickable
        ? {
            role: "button",
            tabIndex: 0,
            "aria-label": `Match ${match.matchNumber}: ${live ? "watch live" : "watch replay"}`,
            onClick: open,
            onKeyDown: (event: React.KeyboardEvent) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                open();
              }
            },
          }
        : {})}
    >
      <div className="flex items-center justify-between border-b border-cyan/10 px-3 py-1.5">
        <span className="font-display text-[0.65rem] font-bold uppercase tracking-[0.2em] text-muted">
          Match {match.matchNumber}
        </span>
        <span className="flex items-center gap-2">
          {match.winnerHp !== null && (
            <span
              className="flex items-center gap-1 text-[0.65rem] font-bold text-lime tabular-nums"
              data-testid="winner-hp"
            >
              <HeartPulse className="size-3" aria-hidden="true" />
              {match.winnerHp} HP left
            </span>
          )}
          {clickable && !live && <Eye className="size-3.5 text-cyan/70" aria-hidden="true" />}
        </span>
      </div>
      <SideRow
        side={side(match.participant1Id)}
        won={match.winnerId !== null && match.winnerId === match.participant1Id}
        first={striking && match.firstStrikeId === match.participant1Id}
      />
      <div className="h-px bg-cyan/10" />
      <SideRow
        side={side(match.participant2Id)}
        won={match.winnerId !== null && match.winnerId === match.participant2Id}
        first={striking && match.firstStrikeId === match.participant2Id}
      />
      {live && (
        <div
          className="pointer-events-none absolute inset-0 bg-linear-to-br from-orange-500/15 via-transparent to-orange-500/10"
          data-testid="live-overlay"
        >
          <span className="absolute top-1 right-2 flex items-center gap-1 rounded bg-orange-500 px-2 py-0.5 font-display text-[0.65rem] font-black tracking-[0.25em] text-void shadow-[0_0_14px_rgb(249_115_22/0.8)]">
            <Radio className="size-3 animate-pulse" aria-hidden="true" />
            LIVE
          </span>
          {watching > 0 && (
            <WatchingBadge
              count={watching}
              className="absolute right-2 bottom-1 rounded bg-void/85 px-1.5 py-0.5 text-[0.65rem] font-bold text-orange-300"
            />
          )}
        </div>
      )}
    </div>
  );
}
