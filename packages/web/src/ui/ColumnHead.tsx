import { cn } from "./cn";

/** The header row's look, shared by the ranking tables (the Top 100, the season ladder, a tournament's standings). */
export const columnHeadRow = "text-xs font-bold uppercase tracking-[0.06em] text-muted sm:tracking-[0.16em]";

/**
 * A column header that may shorten on a phone ('#' for 'Rank'): the short word is what a narrow screen shows, the
 * full one what a screen reader reads at every width.
 */
export function ColumnHead({ full, short, className }: { full: string; short?: string; className?: string }) {
  return (
    <th scope="col" className={cn("py-3", className)}>
      {short ? (
        <>
          <span className="sm:hidden" aria-hidden="true">
            {short}
          </span>
          <span className="max-sm:sr-only">{full}</span>
        </>
      ) : (
        full
      )}
    </th>
  );
}
