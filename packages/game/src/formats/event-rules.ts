// What a tournament needs of its format beyond the pairings: whether the admin's settings fit it, the options it
// is played with once the players are known, how many rounds to expect (for the countdown and "round 2 of 5"),
// and each match's title on the page.
import { type Check, fail, pass } from "../types";
import { formatGenerator } from "./index";
import { ROUND_ROBIN_MAX_ENTRANTS } from "./round-robin";
import { swissRoundCount } from "./swiss";
import type {
  EventEntrant,
  EventFormatName,
  EventMatch,
  EventOptions,
  EventResult,
  MatchSide,
} from "./types";

export const eventRuleMessages = {
  roundRobinTooMany: `A round robin takes at most ${ROUND_ROBIN_MAX_ENTRANTS} players`,
  swissRoundsOnlyForSwiss: "Swiss rounds apply only to a Swiss tournament",
  swissRoundsRange: (maxPlayers: number) =>
    `A Swiss of up to ${maxPlayers} players plays 1 to ${Math.max(1, maxPlayers - 1)} rounds`,
} as const;

/** The admin's settings against the format, before the tournament exists. */
export function checkEventSettings(input: {
  readonly format: EventFormatName;
  readonly maxPlayers: number;
  readonly swissRounds?: number | null;
}): Check {
  if (input.format === "round_robin" && input.maxPlayers > ROUND_ROBIN_MAX_ENTRANTS) {
    return fail("VALIDATION_FAILED", eventRuleMessages.roundRobinTooMany);
  }
  if (input.swissRounds === undefined || input.swissRounds === null) return pass;
  if (input.format !== "swiss") return fail("VALIDATION_FAILED", eventRuleMessages.swissRoundsOnlyForSwiss);
  if (
    !Number.isInteger(input.swissRounds) ||
    input.swissRounds < 1 ||
    input.swissRounds > input.maxPlayers - 1
  ) {
    return fail("VALIDATION_FAILED", eventRuleMessages.swissRoundsRange(input.maxPlayers));
  }
  return pass;
}

/**
 * The options the event is played with once `players` are in: the admin's Swiss rounds, but never more than a
 * Swiss of that many players can pair without a rematch (players - 1).
 */
export function eventOptionsFor(swissRounds: number | null, players: number): EventOptions {
  return { swissRounds: swissRounds === null ? null : Math.min(swissRounds, Math.max(1, players - 1)) };
}

/**
 * How many rounds the event takes, for the countdown and "round 2 of 5": exact for round robin and Swiss; for
 * the eliminations the rounds when every favourite wins, plus the bracket reset double elimination may need.
 */
export function plannedRounds<Id extends string>(
  format: EventFormatName,
  entrants: readonly EventEntrant<Id>[],
  options: EventOptions,
): number {
  if (format === "swiss") return swissRoundCount(entrants.length, options.swissRounds);
  const generator = formatGenerator(format);
  const results: EventResult<Id>[] = [];
  let rounds = 0;
  for (let round = generator.nextRound(entrants, options, results); round.length > 0; ) {
    rounds += 1;
    for (const match of round) {
      if (match.entrant2Id !== null) results.push({ key: match.key, winnerId: match.entrant1Id });
    }
    round = generator.nextRound(entrants, options, results);
  }
  return format === "double_elimination" ? rounds + 1 : rounds;
}

const SIDE_TITLES: Record<MatchSide, string> = {
  main: "ROUND",
  bronze: "3RD PLACE",
  winners: "WINNERS ROUND",
  losers: "LOSERS ROUND",
  grand_final: "GRAND FINAL",
  bracket_reset: "BRACKET RESET",
};

/**
 * A generic format's match title: "ROUND n" (round robin, Swiss), "WINNERS ROUND n" / "LOSERS ROUND n" counted
 * within their side, "GRAND FINAL", "BRACKET RESET". `sideRound` is the match's round counted within its side.
 */
export function eventMatchTitle(match: Pick<EventMatch, "side">, sideRound: number): string {
  const title = SIDE_TITLES[match.side];
  return match.side === "main" || match.side === "winners" || match.side === "losers"
    ? `${title} ${sideRound}`
    : title;
}
