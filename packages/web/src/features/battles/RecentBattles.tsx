// The dashboard's battle history: the active bot's last 10 battles, won or lost, attacking or defending,
// each opening its replay at /battles/<id>.
import type { BattleSummary } from "@bot-arena/contract";
import { Bot, Coins, Cpu, History, PlayCircle, Shield, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { QueryView } from "../../app/QueryView";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";
import { Badge } from "../../ui/Badge";
import { ButtonLink } from "../../ui/ButtonLink";
import { cn } from "../../ui/cn";
import { Panel } from "../../ui/Panel";
import { SpinnerArea } from "../../ui/Spinner";
import { replayRoute, useRecentBattles } from "./api";
import { battleKindLabel } from "./kindLabel";
import { timeAgo } from "./timeAgo";

export function RecentBattles({ botId }: { botId: string }) {
  const query = useRecentBattles(botId);
  // A defended battle arrives as a `me` event; the roster refetches on it, and so does this list.
  useLiveInvalidate("me", [queryKeys.battles]);

  return (
    <Panel>
      <section aria-labelledby="recent-battles-title">
        <h2
          id="recent-battles-title"
          className="mb-4 flex items-center gap-2 font-display text-sm font-bold uppercase tracking-[0.18em] text-cyan"
        >
          <History className="size-4" aria-hidden="true" />
          Recent Battles
        </h2>
        <QueryView
          query={query}
          pending={<SpinnerArea className="py-8" tone="text-cyan" />}
          failed={<p className="py-6 text-center text-muted">Failed to load data</p>}
        >
          {(battles) =>
            battles.length === 0 ? (
              <div className="flex flex-col items-center gap-4 py-6 text-center">
                <p className="text-muted">No battles yet. Your bot's fights will show up here.</p>
                <ButtonLink to="/fight" size="sm">
                  Enter the arena
                </ButtonLink>
              </div>
            ) : (
              <ul className="divide-y divide-cyan/10">
                {battles.map((battle) => (
                  <BattleRow key={battle.id} battle={battle} />
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
    </Panel>
  );
}

function BattleRow({ battle }: { battle: BattleSummary }) {
  const OpponentIcon = battle.opponentIsAi ? Cpu : Bot;
  return (
    <li>
      <Link
        to={replayRoute(battle.id)}
        className="group flex items-center gap-3 rounded-md px-2 py-2.5 transition hover:bg-cyan/5"
        aria-label={`${battle.won ? "Win" : "Loss"} against ${battle.opponentName}, watch the replay`}
      >
        <span
          className={cn(
            "grid size-9 shrink-0 place-items-center rounded-md font-display text-sm font-black",
            battle.won ? "bg-lime/15 text-lime" : "bg-danger/15 text-danger",
          )}
          aria-hidden="true"
        >
          {battle.won ? "W" : "L"}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 break-words font-semibold text-ink">
            <OpponentIcon className="size-4 shrink-0 text-muted" aria-hidden="true" />
            <span className="break-words">
              vs {battle.opponentName} · Lv.{battle.opponentLevel}
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted">
            <span>{timeAgo(battle.createdAt, Date.now())}</span>
            <span>{battleKindLabel(battle.kind, "short")}</span>
            {battle.side === "defender" && (
              <Badge tone="neutral">
                <Shield className="size-3" aria-hidden="true" />
                Defended
              </Badge>
            )}
            {battle.xpGained > 0 && (
              <span className="inline-flex items-center gap-1 text-cyan">
                <Sparkles className="size-3.5" aria-hidden="true" />+{battle.xpGained} XP
              </span>
            )}
            {battle.coinsDelta !== 0 && (
              <span
                className={cn(
                  "inline-flex items-center gap-1",
                  battle.coinsDelta > 0 ? "text-amber" : "text-danger",
                )}
              >
                <Coins className="size-3.5" aria-hidden="true" />
                {battle.coinsDelta > 0 ? "+" : ""}
                {battle.coinsDelta}
              </span>
            )}
          </p>
        </div>
        <PlayCircle
          className="size-6 shrink-0 text-muted transition group-hover:text-cyan"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}
