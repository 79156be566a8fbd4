// The header's countdown (seed 001): while registration is open, minutes and seconds to its end or
// 'Registration Ended'; while the bracket plays, hours and minutes to the battle end or 'Calculating Results...'.
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
