// Turning each format's tie-break values into places: one comparison for every format, so "higher is better,
// except the seed; then the id" holds the same everywhere.
import type { FormatContext } from "./replay";
import type { EventStanding, TieBreak, TieBreakName } from "./types";

export interface RankRow<Id extends string> {
  readonly id: Id;
  readonly tieBreaks: readonly TieBreak[];
}

const LOWER_IS_BETTER: ReadonlySet<TieBreakName> = new Set(["seed"]);

export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function compareRows<Id extends string>(a: RankRow<Id>, b: RankRow<Id>): number {
  for (let i = 0; i < a.tieBreaks.length; i++) {
    const x = a.tieBreaks[i];
    const y = b.tieBreaks[i];
    if (x === undefined || y === undefined || x.value === y.value) continue;
    // Only eliminatedInRound is ever null: not eliminated yet, ahead of anyone who was.
    if (x.value === null) return -1;
    if (y.value === null) return 1;
    return LOWER_IS_BETTER.has(x.name) ? x.value - y.value : y.value - x.value;
  }
  return byId(a.id, b.id);
}

export function placeRows<Id extends string>(rows: readonly RankRow<Id>[]): EventStanding<Id>[] {
  return [...rows]
    .sort(compareRows)
    .map((row, i) => ({ id: row.id, place: i + 1, tieBreaks: row.tieBreaks }));
}

/** Each entrant's wins so far; a bye counts as one only where the format says so (Swiss). */
export function countWins<Id extends string>(
  context: FormatContext<Id>,
  count: { readonly byes: boolean },
): Map<Id, number> {
  const wins = new Map<Id, number>(context.seeds.map((id) => [id, 0]));
  for (const match of context.decided.values()) {
    if (match.entrant2Id !== null || count.byes)
      wins.set(match.winnerId, (wins.get(match.winnerId) ?? 0) + 1);
  }
  return wins;
}
