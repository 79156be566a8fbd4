// What single and double elimination share: a fixed bracket of slots, each fed by a seed or by the winner or
// loser of an earlier slot, played step by step. A missing seed is nobody: a slot with one side is a bye, a
// slot with none is void and never shown. Standings: the podium, then the later an entrant was knocked out,
// the better, then the seed.
import { matchKey } from "./match-keys";
import type { DecidedMatch, Draft, FormatContext } from "./replay";
import type { RankRow } from "./standings";
import type { LaidOutMatch, MatchSide } from "./types";

export type Feed = { readonly seed: number } | { readonly winnerOf: string } | { readonly loserOf: string };

export interface Slot {
  readonly key: string;
  readonly side: MatchSide;
  /** Slots of one step are paired together, once every earlier step is decided. */
  readonly step: number;
  readonly feeds: readonly [Feed, Feed];
  /** The bracket reset: played only when the second side won this match. */
  readonly onlyIfSecondWon?: string;
}

/** Seed numbers (1-based) in bracket order: 1, N, N/2+1… so that seed 1 and seed 2 meet only in the final. */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

/** The entrant count rounded up to a power of two, at least 2. */
export function bracketSize(entrants: number): number {
  let size = 2;
  while (size < entrants) size *= 2;
  return size;
}

/**
 * The knockout rounds from seeds to one winner, in the standard layout (1 v N in round 1, so seeds 1 and 2
 * meet only in the last round; the top seeds take the byes). Round r is played in step r.
 */
export function knockoutSlots(size: number, side: "main" | "winners"): Slot[] {
  const order = seedOrder(size);
  const slots: Slot[] = [];
  for (let round = 1, count = size / 2; count >= 1; round++, count /= 2) {
    for (let i = 1; i <= count; i++) {
      const feeds: [Feed, Feed] =
        round === 1
          ? [{ seed: order[2 * i - 2] as number }, { seed: order[2 * i - 1] as number }]
          : [
              { winnerOf: matchKey(side, round - 1, 2 * i - 1) },
              { winnerOf: matchKey(side, round - 1, 2 * i) },
            ];
      slots.push({ key: matchKey(side, round, i), side, step: round, feeds });
    }
  }
  return slots;
}

/** undefined: not known yet; null: nobody (a missing seed, a bye's loser, anyone from a void slot). */
type Side<Id> = Id | null | undefined;

interface Outcome<Id> {
  readonly sides: readonly [Id | null, Id | null];
  readonly winner: Id | null;
  readonly loser: Id | null;
}

/** Resolves slots against what is decided, each slot once. */
function resolver<Id extends string>(slots: readonly Slot[], context: FormatContext<Id>) {
  const byKey = new Map(slots.map((slot) => [slot.key, slot]));
  const memo = new Map<string, Outcome<Id> | undefined>();

  const sideOf = (feed: Feed): Side<Id> => {
    if ("seed" in feed) return context.seeds[feed.seed - 1] ?? null;
    const outcome = outcomeOf("winnerOf" in feed ? feed.winnerOf : feed.loserOf);
    if (outcome === undefined) return undefined;
    return "winnerOf" in feed ? outcome.winner : outcome.loser;
  };

  function sidesOf(slot: Slot): readonly [Id | null, Id | null] | undefined {
    const a = sideOf(slot.feeds[0]);
    const b = sideOf(slot.feeds[1]);
    return a === undefined || b === undefined ? undefined : [a, b];
  }

  function outcomeOf(key: string): Outcome<Id> | undefined {
    if (memo.has(key)) return memo.get(key);
    const slot = byKey.get(key);
    if (slot === undefined) throw new Error(`No slot ${key}`);
    const sides = sidesOf(slot);
    let outcome: Outcome<Id> | undefined;
    if (sides === undefined) outcome = undefined;
    else if (sides[0] === null || sides[1] === null) {
      outcome = { sides, winner: sides[0] ?? sides[1], loser: null };
    } else {
      const winner = context.decided.get(key)?.winnerId;
      outcome =
        winner === undefined
          ? undefined
          : { sides, winner, loser: winner === sides[0] ? sides[1] : sides[0] };
    }
    memo.set(key, outcome);
    return outcome;
  }

  /** A slot that will be played: both sides known, at least one of them somebody, its condition met. */
  function draftOf(slot: Slot): Draft<Id> | null {
    if (slot.onlyIfSecondWon !== undefined) {
      const decider = outcomeOf(slot.onlyIfSecondWon);
      if (decider === undefined || decider.winner !== decider.sides[1]) return null;
    }
    const sides = sidesOf(slot);
    if (sides === undefined) throw new Error(`Slot ${slot.key} is paired before its feeders are decided`);
    const [a, b] = sides;
    if (a === null && b === null) return null;
    // A bye lists the entrant who is there first.
    return a === null
      ? { key: slot.key, side: slot.side, entrant1Id: b as Id, entrant2Id: null }
      : { key: slot.key, side: slot.side, entrant1Id: a, entrant2Id: b };
  }

  return { sideOf, outcomeOf, draftOf };
}

/**
 * Every slot in step order with its seats as far as they are known (null for nobody and for not yet), numbered
 * 1, 2, 3… in that order; a slot with one seat filled and the other nobody is won by walkover.
 */
export function layOutBracket<Id extends string>(
  slots: readonly Slot[],
  context: FormatContext<Id>,
): LaidOutMatch<Id>[] {
  const { sideOf, outcomeOf } = resolver(slots, context);
  return slots.map((slot, i) => ({
    key: slot.key,
    matchNumber: i + 1,
    round: slot.step,
    side: slot.side,
    entrant1Id: sideOf(slot.feeds[0]) ?? null,
    entrant2Id: sideOf(slot.feeds[1]) ?? null,
    winnerId: outcomeOf(slot.key)?.winner ?? null,
  }));
}

/** The first step with a slot still to play, or null when every slot is decided, void or not needed. */
export function pairBracket<Id extends string>(
  slots: readonly Slot[],
  context: FormatContext<Id>,
): Draft<Id>[] | null {
  const { draftOf } = resolver(slots, context);
  const steps = [...new Set(slots.map((slot) => slot.step))].sort((a, b) => a - b);
  for (const step of steps) {
    const drafts = slots
      .filter((slot) => slot.step === step && !context.decided.has(slot.key))
      .map(draftOf)
      .filter((draft) => draft !== null);
    if (drafts.length > 0) return drafts;
  }
  return null;
}

/** The winner and loser of a slot, null while it is undecided (or void). */
export function slotResult<Id extends string>(
  slots: readonly Slot[],
  context: FormatContext<Id>,
  key: string,
): { readonly winner: Id | null; readonly loser: Id | null } {
  const outcome = resolver(slots, context).outcomeOf(key);
  return { winner: outcome?.winner ?? null, loser: outcome?.loser ?? null };
}

/**
 * podium: best first, null where not decided. lives: the losses that knock an entrant out (1 or 2); a bronze
 * match decides only places on the podium, so a loss there knocks nobody out.
 */
export function eliminationRows<Id extends string>(
  context: FormatContext<Id>,
  podium: readonly (Id | null)[],
  lives: number,
): RankRow<Id>[] {
  const losses = new Map<Id, number>();
  const eliminatedIn = new Map<Id, number>();
  const fights = [...context.decided.values()].filter(
    (m): m is DecidedMatch<Id> & { entrant2Id: Id } => m.entrant2Id !== null && m.side !== "bronze",
  );
  for (const match of fights.sort((a, b) => a.round - b.round)) {
    const loser = match.winnerId === match.entrant1Id ? match.entrant2Id : match.entrant1Id;
    const lost = (losses.get(loser) ?? 0) + 1;
    losses.set(loser, lost);
    if (lost === lives) eliminatedIn.set(loser, match.round);
  }
  return context.seeds.map((id) => {
    const onPodium = podium.indexOf(id);
    return {
      id,
      tieBreaks: [
        { name: "podium", value: onPodium === -1 ? 0 : podium.length - onPodium },
        { name: "eliminatedInRound", value: eliminatedIn.get(id) ?? null },
        { name: "seed", value: context.seedOf(id) },
      ],
    };
  });
}
