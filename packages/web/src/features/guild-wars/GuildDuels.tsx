// A guild's duels in one war, by round: each slot's two bots, the state (waiting, LIVE with how many watch it,
// won, lost, forfeit) and, once fought, a button that opens the battle in the COMBAT ZONE.
import type { GuildWarDuel, WarParticipant } from "@bot-arena/contract";
import { PlayCircle, Radio } from "lucide-react";
import { useState } from "react";
import { QueryView } from "../../app/QueryView";
import { Badge, type BadgeTone } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { useWatchingCounts, WatchingBadge } from "../battles/watching";
import { useGuildWar } from "./api";
import { DuelViewer } from "./DuelViewer";

function duelState(duel: GuildWarDuel, guildId: string): { label: string; tone: BadgeTone } {
  if (duel.outcome === "pending") return { label: "Waiting", tone: "neutral" };
  if (duel.outcome === "live") return { label: "LIVE", tone: "magenta" };
  const won = duel.winnerGuildId === guildId;
  if (duel.outcome === "forfeit")
    return { label: won ? "Won by forfeit" : "Forfeit", tone: won ? "success" : "danger" };
  return { label: won ? "Won" : "Lost", tone: won ? "success" : "danger" };
}

type Sides = { guild: WarParticipant; participants: readonly WarParticipant[] };

export function GuildDuels({ warId, ...sides }: Sides & { warId: string }) {
  const war = useGuildWar(warId);
  return (
    <QueryView
      query={war}
      pending={<Spinner className="mx-auto my-4 text-cyan" />}
      failed={<p className="text-danger">Failed to load duels</p>}
    >
      {(detail) => <Duels duels={detail.duels} {...sides} />}
    </QueryView>
  );
}

function Duels({ duels: all, guild, participants }: Sides & { duels: GuildWarDuel[] }) {
  const [watching, setWatching] = useState<string | null>(null);
  const watchers = useWatchingCounts("guild-wars");
  const nameOf = (id: string) => {
    const p = participants.find((x) => x.guildId === id);
    return p ? `[${p.tag}] ${p.name}` : "Unknown guild";
  };
  const own = all.filter((d) => d.homeGuildId === guild.guildId || d.awayGuildId === guild.guildId);
  if (own.length === 0) {
    return <p className="py-3 text-sm text-muted">Duels are drawn when the battle begins.</p>;
  }
  const rounds = [...new Set(own.map((d) => d.round))];
  return (
    <div className="space-y-3" data-testid="guild-duels">
      {rounds.map((round) => {
        const inRound = own.filter((d) => d.round === round);
        // Slots neither guild could fill are not duels; they are only counted.
        const duels = inRound.filter((d) => d.outcome !== "void");
        const empty = inRound.length - duels.length;
        const first = inRound[0]!;
        const opponent = first.homeGuildId === guild.guildId ? first.awayGuildId : first.homeGuildId;
        return (
          <section key={round} aria-label={`Round ${round}`}>
            <h4 className="mb-1 font-display text-[0.7rem] font-bold uppercase tracking-[0.2em] text-muted">
              Round {round} · vs {nameOf(opponent)}
              {empty > 0 && ` · ${empty} empty slot${empty === 1 ? "" : "s"}`}
            </h4>
            <ul className="space-y-1">
              {duels.map((duel) => {
                const home = duel.homeGuildId === guild.guildId;
                const mine = home ? duel.homeBot : duel.awayBot;
                const theirs = home ? duel.awayBot : duel.homeBot;
                const state = duelState(duel, guild.guildId);
                return (
                  <li
                    key={duel.id}
                    className="flex flex-wrap items-center gap-2 rounded-md border border-cyan/10 bg-void/40 px-3 py-2 text-sm"
                    data-testid="duel"
                  >
                    <span className="min-w-0 flex-1 break-words text-ink">
                      {mine ? `${mine.name} (${mine.power})` : "No bot"}
                      <span className="mx-2 text-muted">vs</span>
                      {theirs ? `${theirs.name} (${theirs.power})` : "No bot"}
                    </span>
                    {duel.outcome === "live" && duel.battleId && (watchers.get(duel.battleId) ?? 0) > 0 && (
                      <WatchingBadge
                        count={watchers.get(duel.battleId)!}
                        className="text-xs text-orange-300"
                      />
                    )}
                    <Badge tone={state.tone}>
                      {duel.outcome === "live" && <Radio className="size-3" aria-hidden="true" />}
                      {state.label}
                    </Badge>
                    {duel.battleId && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setWatching(duel.battleId)}
                        icon={<PlayCircle className="size-4" aria-hidden="true" />}
                      >
                        {duel.outcome === "live" ? "Watch" : "Replay"}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      {watching && <DuelViewer battleId={watching} onClose={() => setWatching(null)} />}
    </div>
  );
}
