// /tournament: the newest pending or active tournament (or the last one finished, until the admin archives it),
// live over its channel: the ready-up view, the event while it plays (its format's bracket or table), the podium
// once it is over, and the past tournaments below. Confetti when the podium appears while the player watches.
import type { TournamentDetail } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { Trophy } from "lucide-react";
import { useEffect, useRef } from "react";
import { ScreenQueryView } from "../../app/QueryView";
import { useServerNow } from "../../app/useServerNow";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { celebrate } from "../battles/celebrate";
import { useWatchingCounts, WatchingCounts } from "../battles/watching";
import { CompletedView } from "./CompletedView";
import { EventView } from "./EventView";
import { MyTournamentStatus } from "./MyTournamentStatus";
import { PastTournaments } from "./PastTournaments";
import { ReadyUpView } from "./ReadyUpView";
import { TournamentHeader } from "./TournamentHeader";
import { channelOf, useCurrentTournament } from "./useTournament";

/** Fires confetti when the tournament on screen turns completed (not when a finished one is merely opened). */
function useChampionConfetti(detail: TournamentDetail | null) {
  const seen = useRef<{ id: string; status: string } | null>(null);
  useEffect(() => {
    if (!detail) return;
    const { id, status } = detail.tournament;
    const before = seen.current;
    if (before && before.id === id && before.status !== "completed" && status === "completed") celebrate();
    seen.current = { id, status };
  }, [detail]);
}

function NoTournament() {
  return (
    <Panel>
      <div className="py-10 text-center">
        <Trophy className="mx-auto size-12 text-amber/70" aria-hidden="true" />
        <h2 className="mt-4 font-display text-xl font-black uppercase tracking-[0.2em] text-ink">
          {messages.noActiveTournament}
        </h2>
        <p className="mt-2 text-muted">{messages.checkBackSoon}</p>
      </div>
    </Panel>
  );
}

function Body({ detail, now }: { detail: TournamentDetail; now: number }) {
  const { tournament } = detail;
  if (tournament.status === "pending") return <ReadyUpView detail={detail} now={now} />;
  if (tournament.status === "completed") {
    return (
      <div className="space-y-6">
        <CompletedView detail={detail} />
        <EventView detail={detail} />
      </div>
    );
  }
  return <EventView detail={detail} />;
}

export default function TournamentPage() {
  const current = useCurrentTournament();
  const detail = current.data?.tournament ?? null;
  const now = useServerNow(detail?.serverTime);
  useChampionConfetti(detail);
  const watching = useWatchingCounts(channelOf(detail?.tournament.id));
  const header = (
    <PageHeader
      title="Tournament"
      subtitle="Join with your active bot, ready up, and fight for the crown."
      icon={<Trophy className="size-6" />}
    />
  );
  return (
    <ScreenQueryView
      query={current}
      loading="Loading tournament"
      title="Failed to load tournament"
      above={header}
    >
      {() => (
        <div className="space-y-6">
          {header}
          {detail ? (
            <WatchingCounts value={watching}>
              <TournamentHeader tournament={detail.tournament} now={now} />
              <MyTournamentStatus detail={detail} />
              <Body detail={detail} now={now} />
            </WatchingCounts>
          ) : (
            <NoTournament />
          )}
          <PastTournaments exceptId={detail?.tournament.id} />
        </div>
      )}
    </ScreenQueryView>
  );
}
