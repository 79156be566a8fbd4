// /pilots/<name>: a pilot's PvP side. The rating with its deviation ('?' while provisional), the season rank, the
// latest season title under the name and every season badge, the PvP record, a shield with its end, and the last
// 10 PvP battles with their replays.
import type { PilotBattle, PilotProfile } from "@bot-arena/contract";
import { PlayCircle, ShieldCheck, UserRound } from "lucide-react";
import { Link, useParams } from "react-router";
import { errorMessage } from "../../app/api";
import { ScreenQueryView } from "../../app/QueryView";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";
import { Badge } from "../../ui/Badge";
import { formatWhen } from "../../ui/dates";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "../bank/coins";
import { replayRoute } from "../battles/api";
import { seasonRoute } from "../seasons/api";
import { SeasonTitleBadge } from "../seasons/SeasonTitleBadge";
import { pilotRoute, usePilotProfile } from "./api";
import { ResultMark } from "./ResultMark";
import { endTime, ratingDeltaLabel, ratingLabel } from "./rating";

export default function PilotProfilePage() {
  const { username = "" } = useParams();
  const query = usePilotProfile(username);
  // A raid on the pilot (when it is the player) arrives on the `me` channel.
  useLiveInvalidate("me", [queryKeys.pilots.all]);
  return (
    <ScreenQueryView
      query={query}
      loading="Loading pilot"
      title="Pilot not found"
      detail={(error) => errorMessage(error, "Failed to load data")}
    >
      {(pilot) => <Profile pilot={pilot} />}
    </ScreenQueryView>
  );
}

function Profile({ pilot }: { pilot: PilotProfile }) {
  return (
    <div className="space-y-6">
      <PageHeader
        title={pilot.username}
        subtitle={pilot.title ? <SeasonTitleBadge title={pilot.title} /> : "Pilot profile"}
        icon={<UserRound className="size-6" />}
      />
      {pilot.shieldUntil && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-cyan/40 bg-cyan/10 p-3 text-sm font-semibold text-cyan"
        >
          <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
          Shielded until {endTime(pilot.shieldUntil)}
        </p>
      )}
      <Panel>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Stat label="Rating" testId="pilot-rating">
            {ratingLabel(pilot.rating, pilot.provisional)}
          </Stat>
          <Stat label="Deviation">±{pilot.deviation}</Stat>
          <Stat label="Season rank">{pilot.seasonRank === null ? "—" : `#${pilot.seasonRank}`}</Stat>
          <Stat label="PvP record" testId="pilot-record">
            {pilot.record.wins}W/{pilot.record.losses}L
          </Stat>
        </dl>
        {pilot.provisional && (
          <p className="mt-4 text-sm text-muted">
            Provisional: the '?' goes once a few more battles have shown where this pilot stands.
          </p>
        )}
      </Panel>
      {pilot.badges.length > 0 && (
        <Panel>
          <section aria-labelledby="pilot-badges-title">
            <h2
              id="pilot-badges-title"
              className="mb-3 font-display text-sm font-bold uppercase tracking-[0.18em] text-cyan"
            >
              Season badges
            </h2>
            <ul className="flex flex-wrap gap-2">
              {pilot.badges.map((badge) => (
                <li key={badge.season} data-testid="pilot-badge">
                  <Link to={seasonRoute(badge.season)}>
                    <Badge tone={badge.place <= 3 ? "legendary" : "neutral"}>
                      Season {badge.season} · {badge.badge}
                    </Badge>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </Panel>
      )}
      <Panel>
        <section aria-labelledby="pilot-battles-title">
          <h2
            id="pilot-battles-title"
            className="mb-4 font-display text-sm font-bold uppercase tracking-[0.18em] text-cyan"
          >
            Recent PvP battles
          </h2>
          {pilot.recentBattles.length === 0 ? (
            <p className="py-6 text-center text-muted">No PvP battles yet.</p>
          ) : (
            <ul className="divide-y divide-cyan/10">
              {pilot.recentBattles.map((battle) => (
                <BattleRow key={battle.battleId} battle={battle} />
              ))}
            </ul>
          )}
        </section>
      </Panel>
    </div>
  );
}

function Stat({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  return (
    <div className="rounded-md border border-cyan/15 bg-void/50 p-3">
      <dt className="text-xs font-bold uppercase tracking-[0.16em] text-muted">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-black text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function BattleRow({ battle }: { battle: PilotBattle }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="pilot-battle">
      <ResultMark won={battle.won} />
      <span className="sr-only">{battle.won ? "Win" : "Loss"}</span>
      {/* On a phone the words take the row and the figures go under them, indented past the W/L mark. */}
      <div className="min-w-0 flex-1 basis-[calc(100%-3rem)] sm:basis-0">
        <p className="wrap-anywhere font-semibold text-ink">
          {battle.role === "attacker" ? "Attacked " : "Defended against "}
          {battle.opponentName ? (
            <Link to={pilotRoute(battle.opponentName)} className="text-cyan hover:underline">
              {battle.opponentName}
            </Link>
          ) : (
            "a former pilot"
          )}
        </p>
        <p className="wrap-anywhere text-sm text-muted">
          {battle.botName} vs {battle.opponentBotName} · {formatWhen(battle.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 max-sm:pl-12">
        <Badge tone={battle.ratingDelta >= 0 ? "success" : "danger"}>
          {ratingDeltaLabel(battle.ratingDelta)}
        </Badge>
        {battle.coinsMoved > 0 && (
          <span className="text-sm text-muted">
            {battle.won ? "+" : "−"}
            {formatCoins(battle.coinsMoved)} coins
          </span>
        )}
        <Link
          to={replayRoute(battle.battleId)}
          className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm font-semibold text-cyan hover:bg-cyan/10"
        >
          <PlayCircle className="size-4" aria-hidden="true" />
          Replay
        </Link>
      </div>
    </li>
  );
}
