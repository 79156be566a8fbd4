// The header's countdowns (seed 001): while registration is open, minutes and seconds to its end or
// 'Registration Ended'; while the bracket plays, hours and minutes to the battle end or 'Calculating Results...',
// and beside it the next round's start (issue 41: the battle's end alone hid that a round ends in seconds).
import type { TournamentSummary } from "@bot-arena/contract";
import { countdownParts, messages } from "@bot-arena/game";

export function countdownText(tournament: TournamentSummary, now: number): string | null {
  if (tournament.status === "pending") {
    const left = tournament.registrationEndsAt
      ? countdownParts(new Date(tournament.registrationEndsAt).getTime(), now)
      : null;
    if (!left) return messages.registrationEnded;
    return `${left.hours * 60 + left.minutes}m ${String(left.seconds).padStart(2, "0")}s`;
  }
  if (tournament.status === "active") {
    const left = tournament.battleEndsAt
      ? countdownParts(new Date(tournament.battleEndsAt).getTime(), now)
      : null;
    if (!left) return messages.calculatingResults;
    // Minutes round up, so the last minute reads '0h 1m' rather than '0h 0m' while a round still plays.
    const minutes = left.hours * 60 + left.minutes + (left.seconds > 0 ? 1 : 0);
    return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
  }
  return null;
}

/** 'Round 3 in 0m 20s' while a round is still to come; 'Round 3 starting...' once its time has come. */
export function nextRoundText(tournament: TournamentSummary, now: number): string | null {
  if (tournament.status !== "active" || !tournament.nextRoundStartsAt) return null;
  const round = `Round ${tournament.currentRound + 1}`;
  const left = countdownParts(new Date(tournament.nextRoundStartsAt).getTime(), now);
  if (!left) return `${round} starting...`;
  return `${round} in ${left.hours * 60 + left.minutes}m ${String(left.seconds).padStart(2, "0")}s`;
}
