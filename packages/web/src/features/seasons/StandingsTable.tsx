// A season's places: the running ladder and a closed season's frozen standings share one table (place, pilot,
// rating, battles), the closed one with each place's badge and prize. The viewer's row says 'You'; a row below the
// first 100 comes after a dashed line.
import type { ClosedStanding, SeasonStanding } from "@bot-arena/contract";
import { Link } from "react-router";
import { Badge } from "../../ui/Badge";
import { ColumnHead, columnHeadRow } from "../../ui/ColumnHead";
import { formatCoins } from "../bank/coins";
import { RankIcon } from "../leaderboard/RankIcon";
import { pilotRoute } from "../pilots/api";

type Standing = SeasonStanding & Partial<Pick<ClosedStanding, "badge" | "title" | "coins">>;

export function StandingsTable({
  rows,
  you,
  label,
  season,
}: {
  rows: readonly Standing[];
  you: Standing | null;
  label: string;
  /** 'Season 3': names the podium's places, which the Top 100's share a page with. */
  season: string;
}) {
  return (
    <table className="w-full table-fixed border-collapse text-left" aria-label={label}>
      <thead>
        <tr className={columnHeadRow}>
          <ColumnHead full="Place" short="#" className="w-14 px-2 sm:w-20 sm:px-5" />
          <ColumnHead full="Pilot" className="px-2" />
          <ColumnHead full="Rating" className="w-18 px-1 text-right sm:w-20" />
          <ColumnHead full="Battles" short="Fights" className="w-18 px-2 text-right sm:w-28 sm:px-5" />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Row key={row.place} row={row} season={season} />
        ))}
      </tbody>
      {you && (
        <tfoot>
          <tr>
            <td
              colSpan={4}
              className="border-t border-dashed border-cyan/25 px-5 pt-3 pb-1 text-xs font-bold uppercase tracking-[0.16em] text-muted"
            >
              Your place
            </td>
          </tr>
          <Row row={you} season={season} />
        </tfoot>
      )}
    </table>
  );
}

function Row({ row, season }: { row: Standing; season: string }) {
  return (
    <tr className="border-t border-cyan/10" data-testid="season-row" data-you={row.isYou ? "" : undefined}>
      <td className="px-2 py-3 sm:px-5">
        <RankIcon rank={row.place} within={season} />
      </td>
      <td className="px-2 py-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={pilotRoute(row.username)}
            className="wrap-anywhere font-semibold text-ink hover:text-cyan"
          >
            {row.username}
          </Link>
          {row.isYou && <Badge tone="cyan">You</Badge>}
          {row.badge && <Badge tone={row.title ? "legendary" : "neutral"}>{row.badge}</Badge>}
        </div>
        {row.coins ? <p className="text-sm text-amber">+{formatCoins(row.coins)} coins</p> : null}
      </td>
      <td className="px-1 py-3 text-right font-display text-sm font-bold tabular-nums text-cyan">
        {row.rating}
      </td>
      <td className="px-2 py-3 text-right font-display text-sm font-bold tabular-nums sm:px-5">
        {row.battles}
      </td>
    </tr>
  );
}
