// A started tournament as its format is played: single elimination's bracket, double elimination's winners'
// and losers' brackets, or a round robin's or Swiss's table with its rounds. The page and the history both
// show it through here.
import type { TournamentDetail } from "@bot-arena/contract";
import { BracketView } from "./BracketView";
import { DoubleEliminationView } from "./DoubleEliminationView";
import { StandingsView } from "./StandingsView";

export function EventView({ detail }: { detail: TournamentDetail }) {
  switch (detail.tournament.format) {
    case "double_elimination":
      return <DoubleEliminationView matches={detail.matches} participants={detail.participants} />;
    case "round_robin":
    case "swiss":
      return <StandingsView detail={detail} />;
    case "single_elimination":
      return <BracketView matches={detail.matches} participants={detail.participants} />;
  }
}
