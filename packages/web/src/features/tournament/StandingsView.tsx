// Round robin and Swiss: the table (who leads, by the format's tie-breaks) over each round's pairings.
import type { TournamentDetail } from "@bot-arena/contract";
import { ListOrdered, Swords } from "lucide-react";
import { Panel } from "../../ui/Panel";
import { formatLabel } from "./formats";
import { PanelTitle } from "./PanelTitle";
import { RoundPairings } from "./RoundPairings";
import { StandingsTable } from "./StandingsTable";

const rankedBy = {
  swiss: "Ranked by score (wins and byes), then Buchholz (the opponents' scores added up), then power.",
  round_robin: "Ranked by wins, then wins among the players tied, then power. Everyone meets everyone once.",
} as const;

export function StandingsView({ detail }: { detail: TournamentDetail }) {
  const { tournament, standings, participants, matches, myParticipantId } = detail;
  const swiss = tournament.format === "swiss";
  const played = new Set(matches.map((m) => m.round)).size;
  return (
    <div className="space-y-6">
      <Panel padded={false}>
        <PanelTitle
          icon={<ListOrdered className="size-5 text-amber" aria-hidden="true" />}
          title="STANDINGS"
          subtitle={formatLabel(tournament)}
        />
        <StandingsTable
          standings={standings}
          participants={participants}
          myParticipantId={myParticipantId}
          showBuchholz={swiss}
          final={tournament.status === "completed"}
        />
        <p className="border-t border-cyan/10 px-5 py-3 text-xs text-muted">
          {rankedBy[swiss ? "swiss" : "round_robin"]}
        </p>
      </Panel>
      <Panel padded={false}>
        <PanelTitle
          icon={<Swords className="size-5 text-cyan" aria-hidden="true" />}
          title="PAIRINGS"
          subtitle={
            tournament.totalRounds > 0 ? `ROUND ${played} OF ${tournament.totalRounds}` : `ROUND ${played}`
          }
        />
        <RoundPairings matches={matches} participants={participants} />
      </Panel>
    </div>
  );
}
