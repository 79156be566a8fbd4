// Tournaments: the entry fee and prize split, readiness, the admin's buttons and sizes, countdowns and the
// bracket's round titles. Every format's rounds, single elimination's too, are the formats' (./formats).
import {
  TOURNAMENT_ADMIN_REWARDS,
  TOURNAMENT_ENTRY_FEE,
  TOURNAMENT_MIN_PLAYERS,
  TOURNAMENT_PLAYERS_LIMIT,
  TOURNAMENT_SPLIT_PERCENT,
} from "./constants";
import { restToHouse } from "./economy";
import { messages } from "./messages";
import { type Check, Coins, type EntryFeeMode, fail, pass } from "./types";
import type { TournamentRewards } from "./validation";

// Prizes ------------------------------------------------------------------------------------------------------

export interface PrizeTable {
  readonly entryFee: Coins;
  readonly pool: Coins;
  readonly first: Coins;
  readonly second: Coins;
  readonly third: Coins;
  /** The house's share; in player mode it also takes what the floors leave and the shares of empty places. */
  readonly house: Coins;
}

export function entryFee(mode: EntryFeeMode): Coins {
  return Coins(mode === "player" ? TOURNAMENT_ENTRY_FEE : 0);
}

/**
 * Player mode: pool = 150 × players, 60/20/10 to the podium (floored), the house keeps the rest. Admin mode:
 * free entry and fixed rewards (1000/500/250 unless set) funded by the house; the pool is what is paid out.
 * A place nobody can take (2nd with one player, 3rd with two) pays nothing.
 */
export function tournamentPrizes(input: {
  readonly mode: EntryFeeMode;
  readonly players: number;
  readonly rewards?: TournamentRewards | null;
}): PrizeTable {
  const players = Math.max(0, Math.floor(input.players));
  const placeOpen = (place: number): boolean => players >= place;
  if (input.mode === "admin") {
    const rewards = input.rewards ?? TOURNAMENT_ADMIN_REWARDS;
    const first = placeOpen(1) ? rewards.first : 0;
    const second = placeOpen(2) ? rewards.second : 0;
    const third = placeOpen(3) ? rewards.third : 0;
    return {
      entryFee: entryFee("admin"),
      pool: Coins(first + second + third),
      first: Coins(first),
      second: Coins(second),
      third: Coins(third),
      house: Coins(0),
    };
  }
  const pool = TOURNAMENT_ENTRY_FEE * players;
  const share = (place: number, percent: number): number =>
    placeOpen(place) ? Math.floor((pool * percent) / 100) : 0;
  const first = share(1, TOURNAMENT_SPLIT_PERCENT.first);
  const second = share(2, TOURNAMENT_SPLIT_PERCENT.second);
  const third = share(3, TOURNAMENT_SPLIT_PERCENT.third);
  return {
    entryFee: entryFee("player"),
    pool: Coins(pool),
    first: Coins(first),
    second: Coins(second),
    third: Coins(third),
    house: restToHouse(pool, [first, second, third]),
  };
}

/** The prize each of the first three places wins; everyone else wins 0. */
export function prizeForPlace(prizes: PrizeTable, place: number): Coins {
  if (place === 1) return prizes.first;
  if (place === 2) return prizes.second;
  if (place === 3) return prizes.third;
  return Coins(0);
}

// Readiness ---------------------------------------------------------------------------------------------------------

/** Enough players have joined and every one of them is ready. */
export const readyToStart = (input: {
  readonly currentPlayers: number;
  readonly readyCount: number;
  readonly minPlayers: number;
}): boolean =>
  input.currentPlayers >= Math.max(input.minPlayers, TOURNAMENT_MIN_PLAYERS) &&
  input.readyCount >= input.currentPlayers;

/**
 * The ready-up view's line: all ready; below the minimum, how many more must join; once enough have joined, how
 * many of them still have to ready up (the unready are refunded at the start, not waited for).
 */
export function readyUpMessage(input: {
  readonly currentPlayers: number;
  readonly readyCount: number;
  readonly minPlayers: number;
}): string {
  if (readyToStart(input)) return messages.allPlayersReady;
  const toJoin = Math.max(input.minPlayers, TOURNAMENT_MIN_PLAYERS) - input.currentPlayers;
  if (toJoin > 0) return messages.waitingForPlayers(toJoin);
  return messages.waitingForReady(Math.max(0, input.currentPlayers - input.readyCount));
}

export function tournamentStatusLine(input: {
  readonly status: string;
  readonly isReadyPhase: boolean;
  readonly bracketGenerated: boolean;
}): string | null {
  if (input.status === "pending" && input.isReadyPhase) return messages.statusReadyUp;
  if (input.status === "active" && input.bracketGenerated) return messages.statusLive;
  if (input.status === "completed") return messages.statusComplete;
  return null;
}

export type AdminTournamentStatus =
  | "registration"
  | "pending"
  | "active"
  | "completed"
  | "cancelled"
  | "archived";

/** A tournament that will not change again (a stopped one is cancelled and counts as finished). */
export const isTournamentFinished = (status: AdminTournamentStatus): boolean =>
  status === "completed" || status === "cancelled" || status === "archived";

/**
 * Which admin buttons a tournament offers in each status (seed 001 section 4): start unless active or
 * finished, stop and End Now unless finished, archive only once finished.
 */
export function adminTournamentActions(status: AdminTournamentStatus): {
  start: boolean;
  stop: boolean;
  forceComplete: boolean;
  archive: boolean;
} {
  const finished = isTournamentFinished(status);
  return {
    start: !finished && status !== "active",
    stop: !finished,
    forceComplete: !finished,
    archive: finished,
  };
}

/** Min and max players as the admin sets them: both in 2..256, min not above max. */
export function checkTournamentSize(input: {
  readonly minPlayers: number;
  readonly maxPlayers: number;
}): Check {
  const inRange = (n: number) =>
    Number.isInteger(n) && n >= TOURNAMENT_MIN_PLAYERS && n <= TOURNAMENT_PLAYERS_LIMIT;
  if (!inRange(input.minPlayers) || !inRange(input.maxPlayers))
    return fail("VALIDATION_FAILED", messages.tournamentPlayersRange);
  if (input.minPlayers > input.maxPlayers) return fail("VALIDATION_FAILED", messages.tournamentMinAboveMax);
  return pass;
}

/** A full tournament whose players are all ready need not wait for the registration deadline. */
export const startsEarly = (input: {
  readonly currentPlayers: number;
  readonly readyCount: number;
  readonly maxPlayers: number;
}): boolean => input.currentPlayers >= input.maxPlayers && input.readyCount >= input.currentPlayers;

/** Whole hours, minutes and seconds left, or null once the moment has passed. */
export function countdownParts(
  endsAt: number,
  now: number,
): { hours: number; minutes: number; seconds: number } | null {
  const left = Math.floor((endsAt - now) / 1000);
  if (left <= 0) return null;
  return { hours: Math.floor(left / 3600), minutes: Math.floor((left % 3600) / 60), seconds: left % 60 };
}

// Titles ----------------------------------------------------------------------------------------------------------
// The bracket itself is the single-elimination format's (formats/single-elimination.ts); these are the spec's
// names for its columns.

export const THIRD_PLACE_TITLE = "3RD PLACE";

export function roundTitle(round: number, totalRounds: number): string {
  if (round === totalRounds) return "FINAL";
  if (round === totalRounds - 1) return "SEMI-FINALS";
  if (round === totalRounds - 2) return "QUARTER-FINALS";
  return `ROUND ${round}`;
}

/** The title of a match's column: its round's, or '3RD PLACE' for the bronze match. */
export const matchTitle = (
  match: { readonly round: number; readonly thirdPlace: boolean },
  totalRounds: number,
): string => (match.thirdPlace ? THIRD_PLACE_TITLE : roundTitle(match.round, totalRounds));
