// Tournaments: the entry fee and prize split, joining and readiness, the single-elimination bracket with
// seeding and byes, round titles, and the final ranking that decides who takes 1st, 2nd and 3rd.
//
// Seeding: entrants are ordered by total strength (highest first, ties by id) and placed in the standard
// 1-vs-N layout, so the two strongest can only meet in the final. When the count is not a power of two the
// top seeds get the byes (round 1 only). A bronze match between the two semi-final losers decides 3rd and 4th,
// played beside the final; with 3 entrants there is one semi-final loser, who takes 3rd by walkover.
import {
  TOURNAMENT_ADMIN_REWARDS,
  TOURNAMENT_ENTRY_FEE,
  TOURNAMENT_MIN_PLAYERS,
  TOURNAMENT_PLAYERS_LIMIT,
  TOURNAMENT_SPLIT_PERCENT,
} from "./constants";
import { messages } from "./messages";
import {
  type Check,
  Coins,
  type EntryFeeMode,
  fail,
  type MatchStatus,
  type ParticipantId,
  pass,
} from "./types";
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
    house: Coins(pool - first - second - third),
  };
}

/** The prize each of the first three places wins; everyone else wins 0. */
export function prizeForPlace(prizes: PrizeTable, place: number): Coins {
  if (place === 1) return prizes.first;
  if (place === 2) return prizes.second;
  if (place === 3) return prizes.third;
  return Coins(0);
}

// Joining and readiness ----------------------------------------------------------------------------------------

export function checkTournamentJoin(input: {
  readonly hasActiveBot: boolean;
  readonly isOpen: boolean;
  readonly alreadyJoined: boolean;
  readonly currentPlayers: number;
  readonly maxPlayers: number;
  readonly entryFeeMode: EntryFeeMode;
  readonly coins: number;
}): Check {
  if (!input.hasActiveBot) return fail("CONFLICT", messages.needActiveBotForTournament);
  if (!input.isOpen) return fail("CONFLICT", messages.tournamentNotOpen);
  if (input.alreadyJoined) return fail("CONFLICT", messages.alreadyJoined);
  if (input.currentPlayers >= input.maxPlayers) return fail("LIMIT_REACHED", messages.tournamentFull);
  if (input.coins < entryFee(input.entryFeeMode)) return fail("NOT_ENOUGH_COINS", messages.notEnoughCoins);
  return pass;
}

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

// The bracket ---------------------------------------------------------------------------------------------------

export interface Entrant {
  readonly id: ParticipantId;
  /** strength + agility + defense + intelligence of the entered bot. */
  readonly totalStrength: number;
}

export interface Match {
  readonly round: number;
  /** Numbered 1, 2, 3… across the whole bracket, round by round. */
  readonly matchNumber: number;
  /** null is an empty side: a bye in round 1, a winner still to come later. */
  readonly participant1Id: ParticipantId | null;
  readonly participant2Id: ParticipantId | null;
  readonly winnerId: ParticipantId | null;
  readonly status: MatchStatus;
  /** The bronze match: the semi-final losers meet beside the final (same round) for 3rd place. */
  readonly thirdPlace: boolean;
}

export interface Bracket {
  /** Slots in round 1: the entrant count rounded up to a power of two. */
  readonly size: number;
  readonly rounds: number;
  /** Entrants from seed 1 down. */
  readonly seeds: readonly ParticipantId[];
  /** Numbered 1..size-1 (the final is size-1), then the bronze match (size) when there are semi-finals. */
  readonly matches: readonly Match[];
}

export const THIRD_PLACE_TITLE = "3RD PLACE";

export function roundTitle(round: number, totalRounds: number): string {
  if (round === totalRounds) return "FINAL";
  if (round === totalRounds - 1) return "SEMI-FINALS";
  if (round === totalRounds - 2) return "QUARTER-FINALS";
  return `ROUND ${round}`;
}

export function seedEntrants(entrants: readonly Entrant[]): ParticipantId[] {
  return [...entrants]
    .sort((x, y) => y.totalStrength - x.totalStrength || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    .map((e) => e.id);
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

const matchesInRound = (size: number, round: number): number => size / 2 ** round;
const firstMatchNumber = (size: number, round: number): number => {
  let number = 1;
  for (let r = 1; r < round; r++) number += matchesInRound(size, r);
  return number;
};

export function createBracket(entrants: readonly Entrant[]): Bracket {
  if (entrants.length < 2) throw new RangeError("A bracket needs at least 2 entrants");
  const seeds = seedEntrants(entrants);
  let size = 2;
  while (size < seeds.length) size *= 2;
  const rounds = Math.log2(size);
  const order = seedOrder(size);
  const matches: Match[] = [];
  for (let round = 1; round <= rounds; round++) {
    const count = matchesInRound(size, round);
    const first = firstMatchNumber(size, round);
    for (let i = 0; i < count; i++) {
      const p1 = round === 1 ? (seeds[(order[2 * i] as number) - 1] ?? null) : null;
      const p2 = round === 1 ? (seeds[(order[2 * i + 1] as number) - 1] ?? null) : null;
      matches.push({
        round,
        matchNumber: first + i,
        participant1Id: p1,
        participant2Id: p2,
        winnerId: null,
        status: "pending",
        thirdPlace: false,
      });
    }
  }
  if (rounds >= 2) {
    matches.push({
      round: rounds,
      matchNumber: size,
      participant1Id: null,
      participant2Id: null,
      winnerId: null,
      status: "pending",
      thirdPlace: true,
    });
  }
  let bracket: Bracket = { size, rounds, seeds, matches };
  // Byes settle themselves: the lone entrant of a round-1 match walks through.
  for (const match of matches) {
    if (match.round !== 1 || match.thirdPlace) break;
    const lone =
      match.participant1Id === null
        ? match.participant2Id
        : match.participant2Id === null
          ? match.participant1Id
          : null;
    if (lone !== null) bracket = recordWinner(bracket, match.matchNumber, lone);
  }
  return bracket;
}

function matchAt(bracket: Bracket, matchNumber: number): Match {
  const match = bracket.matches[matchNumber - 1];
  if (match === undefined || match.matchNumber !== matchNumber)
    throw new RangeError(`No match ${matchNumber}`);
  return match;
}

/** Marks a match as being fought, for the LIVE overlay. */
export function startMatch(bracket: Bracket, matchNumber: number): Bracket {
  const match = matchAt(bracket, matchNumber);
  if (match.status !== "pending" || match.participant1Id === null || match.participant2Id === null) {
    throw new RangeError(`Match ${matchNumber} cannot start`);
  }
  const matches = bracket.matches.slice();
  matches[matchNumber - 1] = { ...match, status: "in_progress" };
  return { ...bracket, matches };
}

/**
 * Completes a match and moves its winner into the next round's slot; a semi-final's loser goes to the bronze
 * match. When both semi-finals are decided and only one loser exists (a bye), that loser takes 3rd by walkover.
 */
export function recordWinner(bracket: Bracket, matchNumber: number, winnerId: ParticipantId): Bracket {
  const match = matchAt(bracket, matchNumber);
  if (match.status === "completed") throw new RangeError(`Match ${matchNumber} is already decided`);
  if (winnerId !== match.participant1Id && winnerId !== match.participant2Id) {
    throw new RangeError(`${winnerId} is not in match ${matchNumber}`);
  }
  const matches = bracket.matches.slice();
  matches[matchNumber - 1] = { ...match, winnerId, status: "completed" };
  if (match.thirdPlace || match.round >= bracket.rounds) return { ...bracket, matches };
  const index = matchNumber - firstMatchNumber(bracket.size, match.round);
  const place = (target: number, id: ParticipantId | null) => {
    const next = matchAt({ ...bracket, matches }, target);
    matches[target - 1] = index % 2 === 0 ? { ...next, participant1Id: id } : { ...next, participant2Id: id };
  };
  place(firstMatchNumber(bracket.size, match.round + 1) + Math.floor(index / 2), winnerId);
  if (match.round === bracket.rounds - 1) {
    const loser = winnerId === match.participant1Id ? match.participant2Id : match.participant1Id;
    if (loser !== null) place(bracket.size, loser);
    return settleLoneBronze({ ...bracket, matches });
  }
  return { ...bracket, matches };
}

/** Once both semi-finals are decided, a bronze match with a single side (3 entrants) is a walkover. */
function settleLoneBronze(bracket: Bracket): Bracket {
  const bronze = thirdPlaceMatch(bracket);
  const semisDone = bracket.matches
    .filter((m) => m.round === bracket.rounds - 1)
    .every((m) => m.status === "completed");
  if (!bronze || bronze.status === "completed" || !semisDone) return bracket;
  const lone = bronze.participant1Id ?? bronze.participant2Id;
  if (lone === null || (bronze.participant1Id !== null && bronze.participant2Id !== null)) return bracket;
  const matches = bracket.matches.slice();
  matches[bronze.matchNumber - 1] = { ...bronze, winnerId: lone, status: "completed" };
  return { ...bracket, matches };
}

/** The final: the last round's main match. */
export const finalMatch = (bracket: Bracket): Match | undefined =>
  bracket.matches.find((m) => m.round === bracket.rounds && !m.thirdPlace);

export const thirdPlaceMatch = (bracket: Bracket): Match | undefined =>
  bracket.matches.find((m) => m.thirdPlace);

/** The title of a match's column: its round's, or '3RD PLACE' for the bronze match. */
export const matchTitle = (match: Pick<Match, "round" | "thirdPlace">, totalRounds: number): string =>
  match.thirdPlace ? THIRD_PLACE_TITLE : roundTitle(match.round, totalRounds);

/** Matches with both sides known and no winner yet, in order. */
export const playableMatches = (bracket: Bracket): Match[] =>
  bracket.matches.filter(
    (m) => m.status !== "completed" && m.participant1Id !== null && m.participant2Id !== null,
  );

/** The matches of `round` that can be fought now (in the last round: the final and the bronze match). */
export const playableInRound = (bracket: Bracket, round: number): Match[] =>
  playableMatches(bracket).filter((m) => m.round === round);

export function champion(bracket: Bracket): ParticipantId | null {
  return finalMatch(bracket)?.winnerId ?? null;
}

/** Every match decided, the bronze match included. */
export const isBracketComplete = (bracket: Bracket): boolean =>
  bracket.matches.every((m) => m.status === "completed");

/** Plays every remaining match in order, asking `decide` for each winner (the server runs a battle there). */
export function playBracket(
  bracket: Bracket,
  decide: (participant1Id: ParticipantId, participant2Id: ParticipantId, match: Match) => ParticipantId,
): Bracket {
  let current = bracket;
  for (let next = playableMatches(current)[0]; next !== undefined; next = playableMatches(current)[0]) {
    const p1 = next.participant1Id as ParticipantId;
    const p2 = next.participant2Id as ParticipantId;
    current = recordWinner(current, next.matchNumber, decide(p1, p2, next));
  }
  return current;
}

export interface Placement {
  readonly participantId: ParticipantId;
  /** 1 for the champion, then 2, 3… with no shared places. */
  readonly place: number;
  /** The round the participant lost in, or null for the champion. */
  readonly eliminatedInRound: number | null;
}

const loserOf = (match: Match): ParticipantId | null =>
  match.winnerId === match.participant1Id ? match.participant2Id : match.participant1Id;

/**
 * Everyone's place once the bracket is complete: champion, runner-up, the bronze match's winner and loser,
 * then the later a participant lost, the better; among those who lost in the same round, the better seed
 * (higher total strength) first.
 */
export function finalRanking(bracket: Bracket): Placement[] {
  const winner = champion(bracket);
  if (winner === null || !isBracketComplete(bracket)) throw new RangeError("The bracket is not complete");
  const lostIn = new Map<ParticipantId, number>();
  for (const match of bracket.matches) {
    const loser = loserOf(match);
    if (!match.thirdPlace && loser !== null) lostIn.set(loser, match.round);
  }
  const bronze = thirdPlaceMatch(bracket);
  // Podium order first (higher is better), then rounds survived.
  const podium = new Map<ParticipantId, number>([[winner, 4]]);
  const runnerUp = loserOf(finalMatch(bracket) as Match);
  if (runnerUp !== null) podium.set(runnerUp, 3);
  if (bronze?.winnerId) podium.set(bronze.winnerId, 2);
  const bronzeLoser = bronze ? loserOf(bronze) : null;
  if (bronzeLoser) podium.set(bronzeLoser, 1);
  const score = (id: ParticipantId): number =>
    (podium.get(id) ?? 0) * (bracket.rounds + 2) +
    (id === winner ? bracket.rounds + 1 : (lostIn.get(id) ?? 0));
  // bracket.seeds is already in strength order, so a stable sort keeps the stronger first within a round.
  const ordered = [...bracket.seeds].sort((x, y) => score(y) - score(x));
  return ordered.map((participantId, i) => ({
    participantId,
    place: i + 1,
    eliminatedInRound: participantId === winner ? null : (lostIn.get(participantId) ?? null),
  }));
}
