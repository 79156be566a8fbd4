// Where each match of an elimination bracket sits, so lines can join it to the match it feeds: columns of
// places (slots) top to bottom, two places feeding one in the next column ("pair") or one feeding one
// ("straight", the losers' side taking its drop-downs). A match sits where its entrants came from, so the
// picture holds whatever order the server numbers its matches in; the losers' side keeps an empty place where
// nobody arrived (two byes met), so the rest still lines up.
import type { TournamentMatch } from "@bot-arena/contract";

export type Join = "pair" | "straight" | null;

export interface BracketColumn {
  readonly key: string;
  /** null: a column without a heading of its own (its section's heading names it). */
  readonly title: string | null;
  /** Top to bottom; null where no match is played. */
  readonly slots: readonly (TournamentMatch | null)[];
}

/** How one column's places feed the next one's: two into one, one into one, or no shape a line can show. */
export function joinOf(from: number, to: number): Join {
  if (to * 2 === from) return "pair";
  if (to === from) return "straight";
  return null;
}

/** The place in the next column a place feeds. */
export const targetOf = (join: Join, slot: number): number => (join === "pair" ? Math.floor(slot / 2) : slot);

/** The places in the previous column that feed a place. */
export const sourcesOf = (join: Join, slot: number): number[] =>
  join === "pair" ? [2 * slot, 2 * slot + 1] : join === "straight" ? [slot] : [];

/** Matches grouped by round in play order, each round by match number. */
export function roundsOf(matches: readonly TournamentMatch[]): TournamentMatch[][] {
  const rounds = [...new Set(matches.map((m) => m.round))].sort((a, b) => a - b);
  return rounds.map((round) =>
    matches.filter((m) => m.round === round).sort((a, b) => a.matchNumber - b.matchNumber),
  );
}

const plays = (match: TournamentMatch | null, id: string) =>
  match !== null && (match.participant1Id === id || match.participant2Id === id);

/**
 * Puts a round's matches into `count` places: each where one of its entrants played in `previous` (the place
 * that fed it), the rest (no entrant known yet, or arriving from another side) into the free places in
 * match-number order.
 */
function place(
  matches: readonly TournamentMatch[],
  count: number,
  previous: readonly (TournamentMatch | null)[] | null,
): (TournamentMatch | null)[] {
  const size = Math.max(count, matches.length);
  const slots: (TournamentMatch | null)[] = Array.from({ length: size }, () => null);
  const join = previous ? joinOf(previous.length, size) : null;
  const unplaced: TournamentMatch[] = [];
  for (const match of matches) {
    const ids = [match.participant1Id, match.participant2Id].filter((id): id is string => id !== null);
    const from = previous && join ? ids.map((id) => previous.findIndex((m) => plays(m, id))) : [];
    const wanted = from.find((index) => index >= 0);
    const at = wanted === undefined ? -1 : targetOf(join, wanted);
    if (at >= 0 && at < size && slots[at] === null) slots[at] = match;
    else unplaced.push(match);
  }
  for (const match of unplaced) slots[slots.indexOf(null)] = match;
  return slots;
}

/** A knockout side (single elimination's bracket, double elimination's winners' side): every place is played. */
export function knockoutColumns(
  matches: readonly TournamentMatch[],
  titleOf: (round: TournamentMatch[]) => string,
): BracketColumn[] {
  const columns: BracketColumn[] = [];
  for (const round of roundsOf(matches)) {
    const previous = columns.at(-1)?.slots ?? null;
    columns.push({
      key: `r${round[0]!.round}`,
      title: titleOf(round),
      slots: place(round, round.length, previous),
    });
  }
  return columns;
}

/**
 * Double elimination's losers' side: with a winners' first round of W matches, its rounds have W/2, W/2, W/4,
 * W/4... places (odd rounds pair its own survivors, even rounds meet them with the winners' side's losers), and
 * its first round takes the losers of the winners' first round two by two.
 */
export function losersColumns(
  matches: readonly TournamentMatch[],
  winnersFirstRound: readonly (TournamentMatch | null)[],
): BracketColumn[] {
  const first = Math.max(1, Math.floor(winnersFirstRound.length / 2));
  const columns: BracketColumn[] = [];
  roundsOf(matches).forEach((round, index) => {
    const count = Math.max(1, Math.floor(first / 2 ** Math.floor(index / 2)));
    const previous = columns.at(-1)?.slots ?? winnersFirstRound;
    columns.push({
      key: `l${round[0]!.round}`,
      title: round[0]!.title,
      slots: place(round, count, previous),
    });
  });
  return columns;
}
