// The shapes every event format shares: what goes in (entrants, options, the results so far) and what comes
// out (the rounds with their pairings, whether the event is over, the standings with their tie-breaks).
// A server stores only the results; everything else is recomputed from them, the same every time.
import type { Check } from "../types";

export type EventFormatName = "single_elimination" | "double_elimination" | "round_robin" | "swiss";

export const EVENT_FORMAT_NAMES: readonly EventFormatName[] = [
  "single_elimination",
  "double_elimination",
  "round_robin",
  "swiss",
];

/** Id is the caller's id type (a ParticipantId, a GuildId); the formats never look inside it. */
export interface EventEntrant<Id extends string = string> {
  readonly id: Id;
  /** Seeds the event (highest first, ties by id) and breaks late ties in the standings. */
  readonly totalStrength: number;
}

export interface EventOptions {
  /** Swiss only: how many rounds; ceil(log2 n) when missing, at most n-1. */
  readonly swissRounds?: number | null;
}

/** A finished match as the server stores it. A bye needs no result. */
export interface EventResult<Id extends string = string> {
  readonly key: string;
  readonly winnerId: Id;
}

/** "main" is the only bracket of single elimination, round robin and Swiss. */
export type MatchSide = "main" | "bronze" | "winners" | "losers" | "grand_final" | "bracket_reset";

export interface EventMatch<Id extends string = string> {
  /** Stable across replays: the server keys its match rows (and results) by it. */
  readonly key: string;
  /** 1, 2, 3… in the order the rounds are played; the matches of one round can all be fought at once. */
  readonly round: number;
  readonly side: MatchSide;
  readonly entrant1Id: Id;
  /** null is a bye: entrant 1 goes through without a fight. */
  readonly entrant2Id: Id | null;
  /** null for a bye. */
  readonly firstStrikeId: Id | null;
}

export interface PlayedMatch<Id extends string = string> extends EventMatch<Id> {
  /** null until its result is in; a bye is won by entrant 1 from the start. */
  readonly winnerId: Id | null;
}

/** A match of a bracket laid out ahead, before anyone knows who will stand in it. */
export interface LaidOutMatch<Id extends string = string> {
  readonly key: string;
  /** 1, 2, 3… across the whole bracket, round by round (the bronze match last): the order it is shown in. */
  readonly matchNumber: number;
  readonly round: number;
  readonly side: MatchSide;
  /** null while nobody knows yet, and for nobody at all (a bye's empty seat). */
  readonly entrant1Id: Id | null;
  readonly entrant2Id: Id | null;
  /** A bye's or a walkover's lone entrant as soon as it is known; a fight's winner once its result is in. */
  readonly winnerId: Id | null;
}

export interface EventRound<Id extends string = string> {
  readonly round: number;
  readonly matches: readonly PlayedMatch<Id>[];
}

export interface EventState<Id extends string = string> {
  readonly format: EventFormatName;
  /** Seed 1 first. */
  readonly seeds: readonly Id[];
  /** Every round paired so far; only the last can still be in play. */
  readonly rounds: readonly EventRound<Id>[];
  readonly over: boolean;
}

export type TieBreakName =
  | "podium"
  | "eliminatedInRound"
  | "seed"
  | "wins"
  | "headToHead"
  | "score"
  | "buchholz"
  | "totalStrength";

/**
 * One value an entrant was ranked by. Higher is better except for `seed`; a null `eliminatedInRound` means
 * not eliminated, which beats any round.
 */
export interface TieBreak {
  readonly name: TieBreakName;
  readonly value: number | null;
}

export interface EventStanding<Id extends string = string> {
  readonly id: Id;
  /** 1, 2, 3… with no shared places; the id decides what every tie-break leaves equal. */
  readonly place: number;
  /** In the order they were compared. */
  readonly tieBreaks: readonly TieBreak[];
}

/**
 * One format's generator. Every function is a pure function of (entrants, options, results) and throws a
 * RangeError when they cannot belong to this format (check first) or a result names no match in play.
 */
export interface EventFormat {
  readonly name: EventFormatName;
  check(entrants: readonly EventEntrant[], options?: EventOptions): Check;
  replay<Id extends string>(
    entrants: readonly EventEntrant<Id>[],
    options: EventOptions,
    results: readonly EventResult<Id>[],
  ): EventState<Id>;
  /**
   * The round to create now: the first round before any result is in, the next one once every match of the
   * round in play is decided; empty while that round is still being fought and once the event is over.
   */
  nextRound<Id extends string>(
    entrants: readonly EventEntrant<Id>[],
    options: EventOptions,
    results: readonly EventResult<Id>[],
  ): EventMatch<Id>[];
  isOver<Id extends string>(
    entrants: readonly EventEntrant<Id>[],
    options: EventOptions,
    results: readonly EventResult<Id>[],
  ): boolean;
  /**
   * Only a format whose whole bracket is shown from the start (single elimination, the spec's view with its TBD
   * seats): every match of it, the seats filled as far as the results so far tell.
   */
  layout?<Id extends string>(
    entrants: readonly EventEntrant<Id>[],
    options: EventOptions,
    results: readonly EventResult<Id>[],
  ): LaidOutMatch<Id>[];
  /** Final once the event is over; before that, the order so far (in elimination: those still in first). */
  standings<Id extends string>(
    entrants: readonly EventEntrant<Id>[],
    options: EventOptions,
    results: readonly EventResult<Id>[],
  ): EventStanding<Id>[];
}
