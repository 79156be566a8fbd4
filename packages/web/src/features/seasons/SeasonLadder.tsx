// The running season's ladder, beside the Top 100 on /leaderboard: its number and end countdown (on the server's
// clock), the prizes when the admin set some, the first 100 pilots by rating and the viewer's place, and the
// closed seasons to read.
import type { CurrentSeason } from "@bot-arena/contract";
import { CalendarClock, Medal } from "lucide-react";
import { Link } from "react-router";
import { QueryView } from "../../app/QueryView";
import { useServerNow } from "../../app/useServerNow";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "../bank/coins";
import { seasonRoute, useCurrentSeason } from "./api";
import { seasonCountdown } from "./countdown";
import { StandingsTable } from "./StandingsTable";

export function SeasonLadder() {
  const query = useCurrentSeason();
  return (
    <Panel padded={false}>
      <QueryView
        query={query}
        pending={<p className="px-5 py-10 text-center text-muted">Loading the season</p>}
        failed={<p className="px-5 py-10 text-center text-muted">Could not load the season</p>}
      >
        {(season) => <Ladder season={season} />}
      </QueryView>
    </Panel>
  );
}

function Ladder({ season }: { season: CurrentSeason }) {
  const now = useServerNow(season.serverTime);
  const { first, second, third } = season.prizes;
  return (
    <section aria-labelledby="season-title">
      <div className="border-b border-cyan/15 px-5 py-4">
        <div className="flex items-center gap-2">
          <Medal className="size-5 text-magenta" aria-hidden="true" />
          <h2
            id="season-title"
            className="font-display text-base font-black uppercase tracking-[0.2em] text-ink"
          >
            Season {season.number}
          </h2>
        </div>
        <p
          className="mt-2 flex items-center gap-2 font-display text-sm tabular-nums text-cyan"
          data-testid="season-countdown"
        >
          <CalendarClock className="size-4" aria-hidden="true" />
          {seasonCountdown(season, now)}
        </p>
        <p className="mt-1 text-sm text-muted">
          Ranked by PvP rating after {season.minBattles} rated battles. The last 10 minutes are unrated.
        </p>
        {first + second + third > 0 && (
          <p className="mt-1 text-sm text-amber" data-testid="season-prizes">
            Prizes: {formatCoins(first)} / {formatCoins(second)} / {formatCoins(third)} coins
          </p>
        )}
      </div>
      {season.ladder.length === 0 ? (
        <p className="px-5 py-10 text-center text-muted">
          Nobody is on the ladder yet: {season.minBattles} rated PvP battles put a pilot on it.
        </p>
      ) : (
        <StandingsTable
          rows={season.ladder}
          you={season.you}
          label={`Season ${season.number} ladder`}
          season={`Season ${season.number}`}
        />
      )}
      {season.past.length > 0 && (
        <div className="border-t border-cyan/15 px-5 py-4">
          <h3 className="text-xs font-bold uppercase tracking-[0.16em] text-muted">Past seasons</h3>
          <ul className="mt-2 space-y-1">
            {season.past.map((past) => (
              <li key={past.number}>
                <Link to={seasonRoute(past.number)} className="text-cyan hover:underline">
                  Season {past.number}
                </Link>
                <span className="text-sm text-muted">
                  {past.champion ? ` · Champion ${past.champion}` : " · no champion"}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
