// /seasons/<number>: a closed season's standings as its close froze them, with the top 10's badges, the
// podium's titles and prizes, and the viewer's own place.
import type { PastSeason } from "@bot-arena/contract";
import { Medal } from "lucide-react";
import { useParams } from "react-router";
import { errorMessage } from "../../app/api";
import { ScreenQueryView } from "../../app/QueryView";
import { formatDay } from "../../ui/dates";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { usePastSeason } from "./api";
import { StandingsTable } from "./StandingsTable";

export default function PastSeasonPage() {
  const { number = "" } = useParams();
  const query = usePastSeason(number);
  return (
    <ScreenQueryView
      query={query}
      loading="Loading season"
      title="Season not found"
      detail={(error) => errorMessage(error, "Failed to load data")}
    >
      {(season) => <Standings season={season} />}
    </ScreenQueryView>
  );
}

function Standings({ season }: { season: PastSeason }) {
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Season ${season.number}`}
        subtitle={`${formatDay(season.startsAt)} to ${formatDay(season.endsAt)} · final standings`}
        icon={<Medal className="size-6" />}
      />
      <Panel padded={false}>
        {season.standings.length === 0 ? (
          <p className="px-5 py-10 text-center text-muted">Nobody finished this season on the ladder.</p>
        ) : (
          <StandingsTable
            rows={season.standings}
            you={season.you}
            label={`Season ${season.number} final standings`}
            season={`Season ${season.number}`}
          />
        )}
      </Panel>
    </div>
  );
}
