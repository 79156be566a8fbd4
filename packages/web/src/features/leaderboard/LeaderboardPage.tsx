// /leaderboard: the 'Top 100' bots by wins, then XP; the podium gets icons, the player's own rows say 'You'.
// Beside it, the running PvP season's ladder (features/seasons).
import type { Leaderboard, LeaderboardEntry } from "@bot-arena/contract";
import { Crown, Trophy } from "lucide-react";
import { ScreenQueryView } from "../../app/QueryView";
import { Badge } from "../../ui/Badge";
import { ColumnHead, columnHeadRow } from "../../ui/ColumnHead";
import { cn } from "../../ui/cn";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";
import { SeasonLadder } from "../seasons/SeasonLadder";
import { SeasonTitleBadge } from "../seasons/SeasonTitleBadge";
import { useLeaderboard } from "./api";
import { RankIcon } from "./RankIcon";

const numbers = new Intl.NumberFormat("en-US");

const header = (
  <PageHeader
    title="Leaderboard"
    subtitle="The arena's finest bots, by wins and then XP."
    icon={<Crown className="size-6" />}
  />
);

export default function LeaderboardPage() {
  const board = useLeaderboard();
  return (
    <ScreenQueryView
      query={board}
      loading="Loading leaderboard"
      title="Failed to load leaderboard"
      above={header}
    >
      {(top) => <Standings board={top} />}
    </ScreenQueryView>
  );
}

function Standings({ board }: { board: Leaderboard }) {
  return (
    <div>
      {header}
      {/* The season's ladder beside the Top 100 on a wide screen, under it on a narrow one. */}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <TopHundred board={board} />
        <SeasonLadder />
      </div>
    </div>
  );
}

function TopHundred({ board }: { board: Leaderboard }) {
  return (
    <Panel padded={false}>
      <div className="flex items-center gap-2 border-b border-cyan/15 px-5 py-4">
        <Trophy className="size-5 text-amber" aria-hidden="true" />
        <h2 className="font-display text-base font-black uppercase tracking-[0.2em] text-ink">Top 100</h2>
      </div>
      {board.entries.length === 0 ? (
        <p className="px-5 py-10 text-center text-muted">
          No bots have fought yet. The first win takes the crown.
        </p>
      ) : (
        <div className="overflow-x-auto">
          {/* Fixed columns: on a phone the bot's name wraps and every number column, XP last, stays on
                screen instead of behind a sideways scroll. */}
          <table className="w-full table-fixed border-collapse text-left">
            <thead>
              <tr className={columnHeadRow}>
                <ColumnHead full="Rank" short="#" className="w-14 px-2 sm:w-24 sm:px-5" />
                <ColumnHead full="Bot" className="px-2 sm:px-3" />
                <ColumnHead full="Level" short="Lv" className="w-12 px-1 text-right sm:w-24 sm:px-3" />
                <ColumnHead full="Wins" className="w-14 px-1 text-right sm:w-24 sm:px-3" />
                <ColumnHead full="XP" className="w-18 px-2 text-right sm:w-28 sm:px-5" />
              </tr>
            </thead>
            <tbody>
              {board.entries.map((entry) => (
                <Row key={entry.botId} entry={entry} />
              ))}
            </tbody>
            {board.you && (
              <tfoot>
                <tr>
                  <td
                    colSpan={5}
                    className="border-t border-dashed border-cyan/25 px-5 pt-3 pb-1 text-xs font-bold uppercase tracking-[0.16em] text-muted"
                  >
                    Your best bot
                  </td>
                </tr>
                <Row entry={board.you} />
              </tfoot>
            )}
          </table>
        </div>
      )}
    </Panel>
  );
}

function Row({ entry }: { entry: LeaderboardEntry }) {
  return (
    <tr
      className={cn(
        "border-t border-cyan/10 transition hover:bg-cyan/5",
        entry.rank <= 3 && "bg-linear-to-r from-amber/10 to-transparent",
        entry.isYou && "bg-cyan/10 shadow-[inset_3px_0_0_var(--color-cyan)]",
      )}
      aria-current={entry.isYou ? "true" : undefined}
    >
      <td className="px-2 py-3 sm:px-5">
        <RankIcon rank={entry.rank} />
      </td>
      <td className="px-2 py-3 sm:px-3">
        <div className="flex min-w-0 items-center gap-3">
          <BotImage bot={entry} quiet className="hidden w-10 shrink-0 sm:block" />
          <div className="min-w-0">
            <div className="flex min-w-0 items-center gap-2">
              <span
                className={cn(
                  "min-w-0 wrap-anywhere font-semibold",
                  entry.rank <= 3 ? "text-ink" : "text-ink/90",
                )}
              >
                {entry.name}
              </span>
              {entry.isYou && <Badge tone="cyan">You</Badge>}
              <span className="hidden sm:inline">
                <RarityBadge rarity={entry.rarity} />
              </span>
            </div>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
              <span className="wrap-anywhere">{entry.ownerName}</span>
              {entry.ownerTitle && <SeasonTitleBadge title={entry.ownerTitle} />}
            </p>
          </div>
        </div>
      </td>
      <td className="px-1 py-3 text-right font-display sm:px-3 text-sm font-bold tabular-nums">
        {entry.level}
      </td>
      <td className="px-1 py-3 text-right font-display sm:px-3 text-sm font-bold tabular-nums text-lime">
        {numbers.format(entry.wins)}
      </td>
      <td className="px-2 py-3 text-right font-display sm:px-5 text-sm font-bold tabular-nums text-cyan">
        {numbers.format(entry.xp)}
      </td>
    </tr>
  );
}
