// The season's countdown: days and hours while days are left, then the war card's hours, minutes and seconds.
import { formatRemaining } from "../guild-wars/countdown";

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Ends in 27d 23h', 'Ends in 4h 05m', 'Podium frozen · ends in 9m 59s', 'Closing...'. */
export function seasonCountdown(season: { frozenAt: string; endsAt: string }, now: number): string {
  const left = Date.parse(season.endsAt) - now;
  if (left <= 0) return "Closing...";
  const remaining =
    left >= DAY_MS
      ? `${Math.floor(left / DAY_MS)}d ${Math.floor((left % DAY_MS) / (60 * 60 * 1000))}h`
      : formatRemaining(left);
  return now >= Date.parse(season.frozenAt) ? `Podium frozen · ends in ${remaining}` : `Ends in ${remaining}`;
}
