// The war card's countdown text, ticking each second: to registration's end, then to the battle's end (with
// the round being fought), then the completion date.
import type { GuildWarSummary } from "@bot-arena/contract";

const pad = (n: number) => String(n).padStart(2, "0");

/** "4m 05s" under an hour, "1h 05m" above. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}h ${pad(minutes)}m` : `${minutes}m ${pad(seconds)}s`;
}

export function warCountdown(war: GuildWarSummary, now: number): string {
  if (war.status === "registration") {
    const end = war.registrationEndsAt ? Date.parse(war.registrationEndsAt) : now;
    return end > now ? `Battle begins in ${formatRemaining(end - now)}` : "Registration Ended";
  }
  if (war.status === "battle") {
    const end = war.battleEndsAt ? Date.parse(war.battleEndsAt) : now;
    const round = `Round ${war.currentRound} of ${war.rounds}`;
    return end > now ? `${round} · ends in ${formatRemaining(end - now)}` : "Calculating Results...";
  }
  return war.completedAt ? `Completed ${new Date(war.completedAt).toLocaleString()}` : "Completed";
}
