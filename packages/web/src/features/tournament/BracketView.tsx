// Single elimination's playoffs: matches in columns by round, ascending (ROUND n, QUARTER-FINALS, SEMI-FINALS,
// FINAL), each joined by a line to the match it feeds, the bronze match beside the final under '3RD PLACE'.
// Scrolls sideways inside its box on a phone.
import type { TournamentMatch, TournamentParticipant } from "@bot-arena/contract";
import { roundTitle, THIRD_PLACE_TITLE } from "@bot-arena/game";
import { Trophy } from "lucide-react";
import { Panel } from "../../ui/Panel";
import { BracketColumns } from "./BracketColumns";
import { knockoutColumns } from "./bracketLayout";
import { MatchCard } from "./MatchCard";
import { PanelTitle } from "./PanelTitle";

export function BracketView({
  matches,
  participants,
}: {
  matches: readonly TournamentMatch[];
  participants: readonly TournamentParticipant[];
}) {
  const byId = new Map(participants.map((p) => [p.id, p]));
  const rounds = matches.reduce((max, m) => Math.max(max, m.round), 0);
  const columns = knockoutColumns(
    matches.filter((m) => !m.thirdPlace),
    (round) => roundTitle(round[0]!.round, rounds),
  );
  const bronze = matches.find((m) => m.thirdPlace);
  return (
    <Panel padded={false}>
      <PanelTitle
        icon={<Trophy className="size-5 text-amber" aria-hidden="true" />}
        title="THE PLAYOFFS"
        subtitle="WORLD CHAMPIONSHIP"
      />
      <BracketColumns
        columns={columns}
        byId={byId}
        label="Bracket"
        after={
          bronze && (
            <section className="flex flex-col justify-end py-2" aria-label={THIRD_PLACE_TITLE}>
              <h4 className="mb-3 text-center font-display text-xs font-bold uppercase tracking-[0.25em] text-amber">
                {THIRD_PLACE_TITLE}
              </h4>
              <MatchCard match={bronze} byId={byId} />
            </section>
          )
        }
      />
    </Panel>
  );
}
