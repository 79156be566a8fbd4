// A pilot's PvP rating (the player's record, not a bot's): the Glicko-2 triple and when it was last rated.
// The deviation is stored as it stood at that moment; it grows while the pilot sits idle, so every reader asks
// for the deviation at its own `now` (passed in; the rulebook never reads a clock).
import { DAY_MS } from "../cashout";
import {
  GLICKO2_SCALE,
  RATING_MAX,
  RATING_MAX_DEVIATION,
  RATING_MAX_VOLATILITY,
  RATING_MIN,
  RATING_MIN_DEVIATION,
  RATING_PERIODS_PER_DAY,
  RATING_PROVISIONAL_DEVIATION,
  RATING_START,
  RATING_START_DEVIATION,
  RATING_START_VOLATILITY,
} from "./constants";
import type { Glicko } from "./glicko2";

export interface PilotRating extends Glicko {
  /** Milliseconds since the epoch of the last rated battle; null before the first. */
  readonly lastRatedAt: number | null;
}

export const newPilotRating = (): PilotRating => ({
  rating: RATING_START,
  deviation: RATING_START_DEVIATION,
  volatility: RATING_START_VOLATILITY,
  lastRatedAt: null,
});

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

const clampDeviation = (deviation: number): number =>
  clamp(deviation, RATING_MIN_DEVIATION, RATING_MAX_DEVIATION);

const isSane = (g: Glicko): boolean =>
  Number.isFinite(g.rating) &&
  Number.isFinite(g.deviation) &&
  Number.isFinite(g.volatility) &&
  g.volatility > 0;

/**
 * A rating brought into the sanity range: rating 400 to 4000, deviation 45 to 500, volatility at most 0.1.
 * One that is not a number at all (a broken row, a failed sum) starts over from 1500 / 500 / 0.09, as lichess
 * resets a rating it cannot trust.
 */
export function capRating<T extends Glicko>(g: T): T {
  if (!isSane(g)) {
    return {
      ...g,
      rating: RATING_START,
      deviation: RATING_START_DEVIATION,
      volatility: RATING_START_VOLATILITY,
    };
  }
  return {
    ...g,
    rating: clamp(g.rating, RATING_MIN, RATING_MAX),
    deviation: clampDeviation(g.deviation),
    volatility: Math.min(g.volatility, RATING_MAX_VOLATILITY),
  };
}

/**
 * The deviation at `nowMs`: the stored one grown by the idle time since the last battle, in fractional rating
 * periods (Glicko-2's step 6, φ² + periods × σ²), within 45 to 500. A clock behind the last battle adds nothing.
 */
export function deviationAt(rating: PilotRating, nowMs: number): number {
  if (rating.lastRatedAt === null) return clampDeviation(rating.deviation);
  const periods = (Math.max(0, nowMs - rating.lastRatedAt) / DAY_MS) * RATING_PERIODS_PER_DAY;
  const phi = rating.deviation / GLICKO2_SCALE;
  return clampDeviation(
    GLICKO2_SCALE * Math.sqrt(phi * phi + periods * rating.volatility * rating.volatility),
  );
}

/** Too little known yet (or forgotten while idle): the rating is shown with a '?'. */
export const isProvisional = (rating: PilotRating, nowMs: number): boolean =>
  deviationAt(rating, nowMs) >= RATING_PROVISIONAL_DEVIATION;

/** The rating as a pilot sees it: whole points, floored as lichess shows them, '?' while provisional. */
export const displayRating = (rating: PilotRating, nowMs: number): string =>
  `${Math.floor(rating.rating)}${isProvisional(rating, nowMs) ? "?" : ""}`;
