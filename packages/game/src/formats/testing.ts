// Test helpers for the formats: entrants by seed, and an event played to its end by a given judge.
import type {
  EventEntrant,
  EventFormat,
  EventMatch,
  EventOptions,
  EventResult,
  EventStanding,
} from "./types";

/** n entrants named s01, s02… with s01 the strongest, so an id reads as its seed. */
export const seededEntrants = (n: number): EventEntrant[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `s${String(i + 1).padStart(2, "0")}`,
    totalStrength: 1000 - i,
  }));

export type Judge = (match: EventMatch) => string;

/** The stronger seed (lower number) always wins. */
export const favouriteWins: Judge = (m) =>
  m.entrant2Id !== null && m.entrant2Id < m.entrant1Id ? m.entrant2Id : m.entrant1Id;

export interface PlayedEvent {
  readonly rounds: EventMatch[][];
  readonly results: EventResult[];
  readonly standings: EventStanding[];
}

/** Plays round after round through nextRound, as a server would, until the event is over. */
export function playEvent(
  format: EventFormat,
  entrants: readonly EventEntrant[],
  judge: Judge,
  options: EventOptions = {},
  maxRounds = 1000,
): PlayedEvent {
  const rounds: EventMatch[][] = [];
  const results: EventResult[] = [];
  while (!format.isOver(entrants, options, results)) {
    const round = format.nextRound(entrants, options, results);
    if (round.length === 0) throw new Error("nextRound gave nothing before the event was over");
    if (rounds.length >= maxRounds) throw new Error(`No end after ${maxRounds} rounds`);
    rounds.push(round);
    for (const match of round) {
      if (match.entrant2Id !== null) results.push({ key: match.key, winnerId: judge(match) });
    }
  }
  return { rounds, results, standings: format.standings(entrants, options, results) };
}

/** Rounds as short text ("s01-s04 s02-s03 s05:bye"), first striker first, for exact expectations. */
export const describeRounds = (rounds: readonly (readonly EventMatch[])[]): string[] =>
  rounds.map((round) =>
    round
      .map((m) =>
        m.entrant2Id === null
          ? `${m.entrant1Id}:bye`
          : m.firstStrikeId === m.entrant1Id
            ? `${m.entrant1Id}>${m.entrant2Id}`
            : `${m.entrant2Id}>${m.entrant1Id}`,
      )
      .join(" "),
  );
