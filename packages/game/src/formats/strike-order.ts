// Who strikes first, balanced over an event the way Lichess balances colours: the side that has struck first
// less often (counted against the times it struck second, so a bye or an extra match does not tilt it) gets
// it; then the one that had it less recently; then the lower seed, so round 1 never hands it to the favourite.

export interface StrikeRecord {
  readonly firsts: number;
  readonly seconds: number;
  /** The last round this entrant struck first in, 0 if never. */
  readonly lastFirstRound: number;
}

export type StrikeBook<Id extends string> = ReadonlyMap<Id, StrikeRecord>;

const NEVER: StrikeRecord = { firsts: 0, seconds: 0, lastFirstRound: 0 };

export const strikeRecord = <Id extends string>(book: StrikeBook<Id>, id: Id): StrikeRecord =>
  book.get(id) ?? NEVER;

/** Firsts minus seconds: positive when the entrant has struck first more often than second. */
export const strikeBalance = <Id extends string>(book: StrikeBook<Id>, id: Id): number => {
  const record = strikeRecord(book, id);
  return record.firsts - record.seconds;
};

/** seedOf gives 1 for the strongest entrant. */
export function firstStriker<Id extends string>(
  a: Id,
  b: Id,
  book: StrikeBook<Id>,
  seedOf: (id: Id) => number,
): Id {
  const byBalance = strikeBalance(book, a) - strikeBalance(book, b);
  if (byBalance !== 0) return byBalance < 0 ? a : b;
  const byRecency = strikeRecord(book, a).lastFirstRound - strikeRecord(book, b).lastFirstRound;
  if (byRecency !== 0) return byRecency < 0 ? a : b;
  return seedOf(a) > seedOf(b) ? a : b;
}

/** The book after a round in which each pair's first entrant struck first. */
export function recordStrikes<Id extends string>(
  book: StrikeBook<Id>,
  pairs: readonly (readonly [first: Id, second: Id])[],
  round: number,
): StrikeBook<Id> {
  const next = new Map(book);
  for (const [first, second] of pairs) {
    const striker = strikeRecord(next, first);
    const struck = strikeRecord(next, second);
    next.set(first, { ...striker, firsts: striker.firsts + 1, lastFirstRound: round });
    next.set(second, { ...struck, seconds: struck.seconds + 1 });
  }
  return next;
}
