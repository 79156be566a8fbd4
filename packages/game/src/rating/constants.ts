// Every number of the pilots' PvP rating, named once. Most are lichess's (lila's `modules/rating` and the
// Glicko-2 code it uses), so a rating here moves as a lichess rating would; the rest are the house's own
// (the defender's damping, the season's soft reset) and say why beside them.

// Where every pilot starts: lila's default 1500 / 500 / 0.09.
export const RATING_START = 1500;
export const RATING_START_DEVIATION = 500;
export const RATING_START_VOLATILITY = 0.09;

/** Glicko-2's system constant: how far one surprising result may move the volatility. */
export const RATING_TAU = 0.75;
/** Ratings and deviations are divided by this on the way into Glicko-2's own scale, centred on 1500. */
export const GLICKO2_SCALE = 173.7178;
/** The volatility's root is sought until its bracket is this narrow, at most RATING_MAX_ITERATIONS times. */
export const RATING_CONVERGENCE_TOLERANCE = 0.000001;
export const RATING_MAX_ITERATIONS = 1000;

/** A deviation at or above this marks the rating as provisional, shown with a '?' (lila's 110). */
export const RATING_PROVISIONAL_DEVIATION = 110;

// The sanity range: every rating written is clamped into these bounds.
export const RATING_MIN = 400;
export const RATING_MAX = 4000;
/** The ceiling idleness grows a deviation to; a new pilot starts there. */
export const RATING_MAX_DEVIATION = 500;
/** The floor: however many battles, a rating keeps some doubt and so keeps moving. */
export const RATING_MIN_DEVIATION = 45;
/** Past this the volatility might never settle again (lila's words), so it stops here. */
export const RATING_MAX_VOLATILITY = 0.1;
/** The most one battle can add to or take from a rating. */
export const RATING_MAX_CHANGE = 700;

/**
 * Rating periods per day of idleness, fractional: a deviation grows by √(periods) volatilities, so a period
 * lasts about 4.67 days. lila chose it so that a typical player's deviation goes from 60 to 110 in a year.
 */
export const RATING_PERIODS_PER_DAY = 0.21436;

/**
 * The share of a computed change the defender keeps (rating, deviation and volatility alike). The defender
 * did not choose the fight, its time or its opponent: the attacker picked them from a list, most likely the
 * one it expected to beat. That result says less about the defender than about the attacker, and an absent
 * pilot should not be farmed down at full weight. lila halves a human's change against a bot account for the
 * same kind of reason (the game says less about the human); the defender gets the same half.
 */
export const DEFENDER_CHANGE_WEIGHT = 0.5;

/**
 * At a season's end a rating moves this share of the way back to RATING_START. Halfway: last season's order
 * is kept exactly (the pull is the same for everyone), a top pilot starts the new season ahead of the field
 * but within reach, and the rule fits in one sentence on the season page.
 */
export const SEASON_RESET_PULL = 0.5;
/**
 * A reset deviation is raised to at least this. Above RATING_PROVISIONAL_DEVIATION, so every pilot is
 * provisional again for its first battles of the season (about 8 in a seeded season of 200 pilots), and high
 * enough that those battles move a rating by about 50 points rather than the 6 of a settled pilot: for a pilot
 * who plays, the pull is soon undone where it was not deserved.
 */
export const SEASON_RESET_MIN_DEVIATION = 150;
