// Each round's pairings of a round robin or Swiss, the newest round first: its heading, whether it is being
// fought or done, and a match card per pairing (a bye is a card with one player and 'BYE').
import type { TournamentMatch, TournamentParticipant } from "@bot-arena/contract";
import { Badge, type BadgeTone } from "../../ui/Badge";
import { roundsOf } from "./bracketLayout";
import { MatchCard } from "./MatchCard";

function stateOf(round: readonly TournamentMatch[]): { label: string; tone: BadgeTone } {
  if (round.some((m) => m.status === "in_progress")) return { label: "Live", tone: "magenta" };
  if (round.every((m) => m.status === "completed")) return { label: "Done", tone: "success" };
  return { label: "Waiting", tone: "neutral" };
}

export function RoundPairings({
  matches,
  participants,
}: {
  matches: readonly TournamentMatch[];
  participants: readonly TournamentParticipant[];
}) {
  const byId = new Map(participants.map((p) => [p.id, p]));
  const rounds = roundsOf(matches).reverse();
  if (rounds.length === 0) {
    return (
      <p className="px-5 py-8 text-center text-muted">
        The first round is paired when the tournament starts.
      </p>
    );
  }
  return (
    <div className="divide-y divide-cyan/10">
      {rounds.map((round) => {
        const title = round[0]!.title || `ROUND ${round[0]!.round}`;
        const state = stateOf(round);
        return (
          <section key={round[0]!.round} className="p-5" aria-label={title} data-testid="pairing-round">
            <div className="mb-3 flex items-center gap-3">
              <h4 className="font-display text-sm font-black uppercase tracking-[0.25em] text-cyan">
                {title}
              </h4>
              <Badge tone={state.tone}>{state.label}</Badge>
            </div>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {round.map((match) => (
                <MatchCard key={match.id} match={match} byId={byId} fill />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
