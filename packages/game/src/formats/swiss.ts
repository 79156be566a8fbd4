// Swiss: a fixed number of rounds (ceil(log2 n) unless set, at most n-1). Each round pairs entrants on the
// same score where it can and never pairs two who have met, nor two who have both struck first (or both
// second) twice more than the other way, since one of them would go to three (FIDE holds colours to the
// same rule). With an odd count the lowest-scored entrant who has not had a bye yet rests, and the bye
// counts as a win. Standings: score, then Buchholz (the sum of the scores of the opponents met), then total
// strength, then id.
//
// Pairing goes top-down through the ranking: the best unpaired entrant takes the entrant half a score group
// below it (1 v 5, 2 v 6… in a group of 8), else the nearest one that works, else it floats down to the next
// group; a choice that would leave someone with nobody left to meet is passed over (perfect-matching.ts
// looks ahead). If no pairing keeps the rules, the event ends early (lila's Swiss ends a tournament its
// pairing engine cannot pair, too).
import { matchKey } from "./match-keys";
import { perfectMatching } from "./perfect-matching";
import { type Draft, eventFormat, type FormatContext, type FormatRules } from "./replay";
import { countWins, type RankRow } from "./standings";
import { strikeBalance } from "./strike-order";

export const swissMessages = {
  roundsOutOfRange: (max: number) => `A Swiss of this size plays 1 to ${max} rounds.`,
} as const;

export const defaultSwissRounds = (entrants: number): number => Math.max(1, Math.ceil(Math.log2(entrants)));

export const swissRoundCount = (entrants: number, swissRounds?: number | null): number =>
  swissRounds ?? defaultSwissRounds(entrants);

type Pair<Id> = readonly [Id, Id];

/**
 * Pairs everyone in `ranked` (best first) with someone they may meet, or null if no such pairing exists.
 * `scoreOf` groups them: the top entrant prefers its own score group, at the Dutch position, then floats
 * down; a choice that would leave the rest unpairable is passed over.
 */
export function pairTopDown<Id extends string>(
  ranked: readonly Id[],
  scoreOf: (id: Id) => number,
  mayMeet: (a: Id, b: Id) => boolean,
): Pair<Id>[] | null {
  const at = (i: number): Id => ranked[i] as Id;
  const matching = perfectMatching(ranked.length, (i, j) => mayMeet(at(i), at(j)));
  if (matching === null) return null;
  // By rank from here on: a pairing asks for scores and meetings tens of thousands of times.
  const scores = ranked.map(scoreOf);
  const pairs: Pair<Id>[] = [];
  let unpaired = ranked.map((_, i) => i);
  for (let top = unpaired[0]; top !== undefined; top = unpaired[0]) {
    const rest = unpaired.slice(1);
    const chosen = top;
    const opponent = preferences(chosen, rest, scores).find(
      (i) => matching.allows(chosen, i) && matching.fix(chosen, i),
    );
    // Cannot happen: the top entrant's partner in the perfect matching is always among the choices.
    if (opponent === undefined) throw new Error(`No opponent left for ${at(chosen)}`);
    pairs.push([at(chosen), at(opponent)]);
    unpaired = rest.filter((i) => i !== opponent);
  }
  return pairs;
}

/** The order `top` would take its opponent in: its score group from the Dutch position, then those below. */
function preferences(top: number, rest: readonly number[], scores: readonly number[]): number[] {
  const score = scores[top];
  const group = rest.filter((i) => scores[i] === score);
  const below = rest.filter((i) => scores[i] !== score);
  const dutch = Math.floor((group.length + 1) / 2) - 1;
  return [...group.slice(dutch), ...group.slice(0, dutch).reverse(), ...below];
}

/**
 * Who may meet whom this round, asked tens of thousands of times per pairing (perfect-matching.ts builds its
 * graph from it): entrants by index, met pairs in a bit matrix, strike balances read once.
 */
function meetingRule<Id extends string>(context: FormatContext<Id>): (a: Id, b: Id) => boolean {
  const index = new Map(context.seeds.map((id, i) => [id, i]));
  const size = context.seeds.length;
  const met = new Uint8Array(size * size);
  for (const match of context.decided.values()) {
    if (match.entrant2Id === null) continue;
    const i = index.get(match.entrant1Id);
    const j = index.get(match.entrant2Id);
    // A match of someone no longer among the seeds (withdrawn) rules out no meeting of those left.
    if (i === undefined || j === undefined) continue;
    met[i * size + j] = 1;
    met[j * size + i] = 1;
  }
  const balance = Int32Array.from(context.seeds, (id) => strikeBalance(context.strikes, id));
  // Two entrants who have both struck first (or both second) twice more than the other way may not meet:
  // one of them would go to three. FIDE holds colours to the same rule, as absolute as the rematch.
  return (a, b) => {
    const i = index.get(a) as number;
    const j = index.get(b) as number;
    const sameExtreme = Math.abs(balance[i] as number) >= 2 && balance[i] === balance[j];
    return !sameExtreme && met[i * size + j] === 0;
  };
}

function pair<Id extends string>(context: FormatContext<Id>): Draft<Id>[] | null {
  const round = context.rounds.length + 1;
  if (round > swissRoundCount(context.seeds.length, context.options.swissRounds)) return null;
  const scores = countWins(context, { byes: true });
  const scoreOf = (id: Id): number => scores.get(id) ?? 0;
  const rested = new Set<Id>();
  for (const match of context.decided.values()) {
    if (match.entrant2Id === null) rested.add(match.entrant1Id);
  }
  const ranked = [...context.seeds].sort(
    (a, b) => scoreOf(b) - scoreOf(a) || context.seedOf(a) - context.seedOf(b),
  );
  const mayMeet = meetingRule(context);
  // Bye candidates: lowest score first, then the lowest seed.
  const byeCandidates: (Id | null)[] =
    ranked.length % 2 === 0 ? [null] : ranked.filter((id) => !rested.has(id)).reverse();
  for (const bye of byeCandidates) {
    const playing = bye === null ? ranked : ranked.filter((id) => id !== bye);
    const pairs = pairTopDown(playing, scoreOf, mayMeet);
    if (pairs === null) continue;
    const drafts: Draft<Id>[] = pairs.map(([a, b], i) => ({
      key: matchKey("main", round, i + 1),
      side: "main",
      entrant1Id: a,
      entrant2Id: b,
    }));
    if (bye !== null)
      drafts.push({ key: matchKey("main", round, "bye"), side: "main", entrant1Id: bye, entrant2Id: null });
    return drafts;
  }
  return null;
}

function rank<Id extends string>(context: FormatContext<Id>): RankRow<Id>[] {
  const scores = countWins(context, { byes: true });
  const buchholz = new Map<Id, number>();
  for (const { entrant1Id: a, entrant2Id: b } of context.decided.values()) {
    if (b === null) continue;
    buchholz.set(a, (buchholz.get(a) ?? 0) + (scores.get(b) ?? 0));
    buchholz.set(b, (buchholz.get(b) ?? 0) + (scores.get(a) ?? 0));
  }
  return context.seeds.map((id) => ({
    id,
    tieBreaks: [
      { name: "score", value: scores.get(id) ?? 0 },
      { name: "buchholz", value: buchholz.get(id) ?? 0 },
      { name: "totalStrength", value: context.strengthOf(id) },
    ],
  }));
}

/** Swiss's rules, for the engine (exported so a test can count how often it pairs). */
export const swissRules: FormatRules = {
  name: "swiss",
  refuse(entrants, options) {
    const rounds = options.swissRounds;
    const max = Math.max(1, entrants - 1);
    if (rounds === undefined || rounds === null) return null;
    return Number.isInteger(rounds) && rounds >= 1 && rounds <= max
      ? null
      : swissMessages.roundsOutOfRange(max);
  },
  pair,
  rank,
};

export const swissFormat = eventFormat(swissRules);
