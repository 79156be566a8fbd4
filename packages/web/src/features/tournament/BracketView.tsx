// The playoffs: matches grouped by round, ascending (ROUND n, QUARTER-FINALS, SEMI-FINALS, FINAL), the bronze
// match beside the final under '3RD PLACE'. Scrolls sideways on a phone.
import type { TournamentMatch, TournamentParticipant } from "@bot-arena/contract";
import { roundTitle, THIRD_PLACE_TITLE } from "@bot-arena/game";
import { Trophy } from "lucide-react";
import { Panel } from "../../ui/Panel";
import { MatchCard } from "./MatchCard";

export function BracketView({
  matches,
  participants,
}: {
  matches: readonly TournamentMatch[];
  participants: readonly TournamentParticipant[];
}) {
  const byId = new Map(participants.map((p) => [p.id, p]));
  const rounds = matches.reduce((max, m) => Math.max(max, m.round), 0);
  const columns = Array.from({ length: rounds }, (_, i) => i + 1);
  const bronze = matches.find((m) => m.thirdPlace);
  return (
    <Panel padded={false}>
      <div className="border-b border-cyan/15 px-5 py-4 text-center">
        <h3 className="flex items-center justify-center gap-2 font-display text-xl font-black uppercase tracking-[0.25em] text-ink">
          <Trophy className="size-5 text-amber" aria-hidden="true" />
          THE PLAYOFFS
        </h3>
        <p className="mt-1 font-display text-xs font-bold uppercase tracking-[0.35em] text-magenta">
          WORLD CHAMPIONSHIP
        </p>
      </div>
      <div className="overflow-x-auto p-5">
        <div className="flex min-w-max gap-6">
          {columns.map((round) => (
            <section key={round} className="flex flex-col" aria-label={roundTitle(round, rounds)}>
              <h4 className="mb-3 text-center font-display text-xs font-bold uppercase tracking-[0.25em] text-cyan">
                {roundTitle(round, rounds)}
              </h4>
              <div className="flex flex-1 flex-col justify-around gap-4">
                {matches
                  .filter((m) => m.round === round && !m.thirdPlace)
                  .map((m) => (
                    <MatchCard key={m.id} match={m} byId={byId} />
                  ))}
              </div>
            </section>
          ))}
          {bronze && (
            <section className="flex flex-col justify-end" aria-label={THIRD_PLACE_TITLE}>
              <h4 className="mb-3 text-center font-display text-xs font-bold uppercase tracking-[0.25em] text-amber">
                {THIRD_PLACE_TITLE}
              </h4>
              <MatchCard match={bronze} byId={byId} />
            </section>
          )}
        </div>
      </div>
    </Panel>
  );
}
