// The engine every format runs on: replay the event from (entrants, options, results) alone, round by round.
// A format only says how to pair the next round from the decided ones and how to rank; the engine seeds,
// hands out first strike, matches results to rounds and refuses results that fit nowhere. Because nothing
// else is kept, a server that stores only the results always gets the same rounds back.
import { type Check, fail, pass } from "../types";
import { placeRows, type RankRow } from "./standings";
import { firstStriker, recordStrikes, type StrikeBook } from "./strike-order";
import type {
  EventEntrant,
  EventFormat,
  EventFormatName,
  EventMatch,
  EventOptions,
  EventResult,
  EventRound,
  EventStanding,
  EventState,
  LaidOutMatch,
  MatchSide,
  PlayedMatch,
} from "./types";

/** A pairing before first strike and its round number are given; entrant2Id null is a bye. */
export interface Draft<Id extends string> {
  readonly key: string;
  readonly side: MatchSide;
  readonly entrant1Id: Id;
  readonly entrant2Id: Id | null;
}

export interface DecidedMatch<Id extends string> extends EventMatch<Id> {
  readonly winnerId: Id;
}

export interface FormatContext<Id extends string> {
  readonly seeds: readonly Id[];
  readonly seedOf: (id: Id) => number;
  readonly strengthOf: (id: Id) => number;
  readonly options: EventOptions;
  /** When pairing: the rounds played, all decided. When ranking: every round, the last maybe in play. */
  readonly rounds: readonly EventRound<Id>[];
  /** Every match with a winner, byes included, by key. */
  readonly decided: ReadonlyMap<string, DecidedMatch<Id>>;
  readonly strikes: StrikeBook<Id>;
  readonly over: boolean;
}

export interface FormatRules {
  readonly name: EventFormatName;
  /** Why this many entrants with these options cannot play this format, or null. */
  refuse(entrantCount: number, options: EventOptions): string | null;
  /** The next round once every earlier one is decided; null when the event is over. */
  pair<Id extends string>(context: FormatContext<Id>): readonly Draft<Id>[] | null;
  /** The whole bracket ahead, for a format that shows it (see EventFormat.layout). */
  layout?<Id extends string>(context: FormatContext<Id>): LaidOutMatch<Id>[];
  /** Every entrant's tie-break values, in any order. */
  rank<Id extends string>(context: FormatContext<Id>): readonly RankRow<Id>[];
}

export const formatMessages = {
  tooFewEntrants: "An event needs at least 2 entrants.",
  duplicateEntrant: (id: string) => `${id} is entered twice.`,
  badStrength: (id: string) => `${id} has no valid total strength.`,
} as const;

function refusal(
  rules: FormatRules,
  entrants: readonly EventEntrant[],
  options: EventOptions,
): string | null {
  if (entrants.length < 2) return formatMessages.tooFewEntrants;
  const seen = new Set<string>();
  for (const entrant of entrants) {
    if (seen.has(entrant.id)) return formatMessages.duplicateEntrant(entrant.id);
    if (!Number.isFinite(entrant.totalStrength)) return formatMessages.badStrength(entrant.id);
    seen.add(entrant.id);
  }
  return rules.refuse(entrants.length, options);
}

/** Seed 1 first: the highest total strength, ties by id. */
export const seedIds = <Id extends string>(entrants: readonly EventEntrant<Id>[]): Id[] =>
  [...entrants]
    .sort((x, y) => y.totalStrength - x.totalStrength || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    .map((e) => e.id);

function resultsByKey<Id extends string>(results: readonly EventResult<Id>[]): Map<string, EventResult<Id>> {
  const byKey = new Map<string, EventResult<Id>>();
  for (const result of results) {
    if (byKey.has(result.key)) throw new RangeError(`Match ${result.key} has two results`);
    byKey.set(result.key, result);
  }
  return byKey;
}

/**
 * Pairings already made, per format by everything its pair reads: the server replays a whole event from its
 * results on every step and every page, and pairing a big Swiss (a perfect matching per choice) is the dear part
 * of a replay, so each round is paired once per process instead of once per replay of every later round. The key
 * holds the options, every entrant's id and strength in seed order, and every result so far, so a hit is the
 * answer pair would give; the oldest entries go first.
 */
const pairings = new WeakMap<FormatRules, Map<string, readonly Draft<string>[] | null>>();
const PAIRINGS_KEPT = 256;

function pairOnce<Id extends string>(
  rules: FormatRules,
  key: string,
  context: FormatContext<Id>,
): readonly Draft<Id>[] | null {
  const kept = pairings.get(rules) ?? new Map<string, readonly Draft<string>[] | null>();
  pairings.set(rules, kept);
  const found = kept.get(key);
  if (found !== undefined) {
    // Refreshed as the newest.
    kept.delete(key);
    kept.set(key, found);
    return found as readonly Draft<Id>[] | null;
  }
  const drafts = rules.pair(context);
  kept.set(key, drafts);
  if (kept.size > PAIRINGS_KEPT) kept.delete(kept.keys().next().value as string);
  return drafts;
}

interface Replayed<Id extends string> {
  readonly state: EventState<Id>;
  readonly context: FormatContext<Id>;
}

function replay<Id extends string>(
  rules: FormatRules,
  entrants: readonly EventEntrant<Id>[],
  options: EventOptions,
  results: readonly EventResult<Id>[],
): Replayed<Id> {
  const refused = refusal(rules, entrants, options);
  if (refused !== null) throw new RangeError(refused);
  const seeds = seedIds(entrants);
  const seedNumbers = new Map(seeds.map((id, i) => [id, i + 1]));
  const strengths = new Map(entrants.map((e) => [e.id, e.totalStrength]));
  const seedOf = (id: Id): number => seedNumbers.get(id) ?? Number.POSITIVE_INFINITY;
  const strengthOf = (id: Id): number => strengths.get(id) ?? 0;
  const unmatched = resultsByKey(results);
  const rounds: EventRound<Id>[] = [];
  const decided = new Map<string, DecidedMatch<Id>>();
  let strikes: StrikeBook<Id> = new Map();
  let over = false;
  const context = (): FormatContext<Id> => ({
    seeds,
    seedOf,
    strengthOf,
    options,
    rounds,
    decided,
    strikes,
    over,
  });

  let pairingKey = [JSON.stringify(options), seeds.map((id) => `${id}:${strengthOf(id)}`).join(",")].join(
    "\u0000",
  );
  for (;;) {
    const drafts = pairOnce(rules, pairingKey, context());
    if (drafts === null) {
      over = true;
      break;
    }
    const round = rounds.length + 1;
    // Brackets place byes so that every round has a fight; a round without one would ask for no result
    // and stall a server that waits for results.
    if (drafts.every((d) => d.entrant2Id === null))
      throw new Error(`${rules.name} paired a round with no fight`);
    for (const draft of drafts) {
      if (decided.has(draft.key)) throw new Error(`${rules.name} paired ${draft.key} twice`);
    }
    const matches = drafts.map(
      (d): EventMatch<Id> => ({
        ...d,
        round,
        firstStrikeId:
          d.entrant2Id === null ? null : firstStriker(d.entrant1Id, d.entrant2Id, strikes, seedOf),
      }),
    );
    strikes = recordStrikes(strikes, matches.flatMap(strikePair), round);
    const played = matches.map((match) => withResult(match, unmatched));
    for (const match of played) {
      if (match.winnerId !== null) decided.set(match.key, { ...match, winnerId: match.winnerId });
    }
    rounds.push({ round, matches: played });
    pairingKey += `\u0000${played.map((m) => `${m.key}=${m.winnerId}`).join(",")}`;
    if (played.some((m) => m.winnerId === null)) break;
  }
  const [stray] = unmatched.keys();
  if (stray !== undefined) throw new RangeError(`Match ${stray} is not in play`);
  return {
    state: { format: rules.name, seeds, rounds, over },
    context: context(),
  };
}

function strikePair<Id extends string>(match: EventMatch<Id>): (readonly [Id, Id])[] {
  const { entrant1Id: a, entrant2Id: b, firstStrikeId: first } = match;
  if (b === null || first === null) return [];
  return [first === a ? [a, b] : [b, a]];
}

/** Takes the match's result out of `unmatched`, so whatever is left there fits no match in play. */
function withResult<Id extends string>(
  match: EventMatch<Id>,
  unmatched: Map<string, EventResult<Id>>,
): PlayedMatch<Id> {
  const result = unmatched.get(match.key);
  if (match.entrant2Id === null) {
    if (result !== undefined) throw new RangeError(`Match ${match.key} is a bye and takes no result`);
    return { ...match, winnerId: match.entrant1Id };
  }
  if (result === undefined) return { ...match, winnerId: null };
  if (result.winnerId !== match.entrant1Id && result.winnerId !== match.entrant2Id) {
    throw new RangeError(`${result.winnerId} is not in match ${match.key}`);
  }
  unmatched.delete(match.key);
  return { ...match, winnerId: result.winnerId };
}

function nextRoundOf<Id extends string>(state: EventState<Id>): EventMatch<Id>[] {
  const current = state.rounds.at(-1);
  if (state.over || current === undefined) return [];
  const started = current.matches.some((m) => m.entrant2Id !== null && m.winnerId !== null);
  return started ? [] : current.matches.map(({ winnerId: _, ...match }) => match);
}

/** The public face of a format: every answer is a fresh replay. */
export function eventFormat(rules: FormatRules): EventFormat {
  const { layout } = rules;
  return {
    ...(layout && {
      layout: (entrants, options, results) => layout(replay(rules, entrants, options, results).context),
    }),
    name: rules.name,
    check(entrants: readonly EventEntrant[], options: EventOptions = {}): Check {
      const refused = refusal(rules, entrants, options);
      return refused === null ? pass : fail("VALIDATION_FAILED", refused);
    },
    replay: (entrants, options, results) => replay(rules, entrants, options, results).state,
    nextRound: (entrants, options, results) => nextRoundOf(replay(rules, entrants, options, results).state),
    isOver: (entrants, options, results) => replay(rules, entrants, options, results).state.over,
    standings<Id extends string>(
      entrants: readonly EventEntrant<Id>[],
      options: EventOptions,
      results: readonly EventResult<Id>[],
    ): EventStanding<Id>[] {
      return placeRows(rules.rank(replay(rules, entrants, options, results).context));
    },
  };
}
