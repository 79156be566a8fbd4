// The war card's countdown texts, ticking each second: to registration's end, then to the end of the round being
// fought (its `nextDueAt`), with the battle's end on a line of its own, then the completion date.
import type { GuildWarSummary } from "@bot-arena/contract";
import { formatWhen } from "../../ui/dates";

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
    const end = war.nextDueAt ? Date.parse(war.nextDueAt) : now;
    const round = `Round ${war.currentRound} of ${war.rounds}`;
    if (end > now) return `${round} · ends in ${formatRemaining(end - now)}`;
    return war.currentRound < war.rounds ? `${round} · ending...` : "Calculating Results...";
  }
  return war.completedAt ? `Completed ${formatWhen(war.completedAt)}` : "Completed";
}

/** The whole battle's end, shown apart from the round's: 'Battle ends in 1h 05m'; null outside the battle. */
export function battleEndCountdown(war: GuildWarSummary, now: number): string | null {
  if (war.status !== "battle" || !war.battleEndsAt) return null;
  const end = Date.parse(war.battleEndsAt);
  return end > now ? `Battle ends in ${formatRemaining(end - now)}` : null;
}
