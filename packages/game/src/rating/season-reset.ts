// The soft reset at a season's end: every rating moves part of the way back to the middle and its deviation is
// raised, so the new season's ladder starts from last season's order but has to be earned again.
import { RATING_START, SEASON_RESET_MIN_DEVIATION, SEASON_RESET_PULL } from "./constants";
import { capRating, type PilotRating } from "./pilot-rating";

/**
 * The rating halfway back to 1500 with a deviation of at least 150; the volatility and the last battle's time
 * stay, so idleness keeps growing the deviation from there.
 */
export const softReset = (rating: PilotRating): PilotRating =>
  capRating({
    ...rating,
    rating: rating.rating + (RATING_START - rating.rating) * SEASON_RESET_PULL,
    deviation: Math.max(rating.deviation, SEASON_RESET_MIN_DEVIATION),
  });
