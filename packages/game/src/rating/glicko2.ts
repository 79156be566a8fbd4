// Glicko-2 (Glickman, "Example of the Glicko-2 system", steps 2 to 8) for one player against the games of one
// update, as lichess rates every game the moment it ends: no rating period passes inside the update (step 6
// adds nothing), because the time a player sat idle is added to the deviation before it (see deviationAt).
// Ratings come in and go out on the familiar scale (1500, deviation 500); the sums run on Glicko-2's.
import {
  GLICKO2_SCALE,
  RATING_CONVERGENCE_TOLERANCE,
  RATING_MAX_ITERATIONS,
  RATING_START,
  RATING_TAU,
} from "./constants";

export interface Glicko {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

export interface GlickoGame {
  readonly opponent: Glicko;
  /** 1 for a win, 0 for a loss, 0.5 for a draw. */
  readonly score: number;
}

/** How much a result against an opponent this uncertain counts (1 for a certain one, less as doubt grows). */
const weightOf = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/** The expected score against an opponent `gap` below on Glicko-2's scale, weighed by their doubt. */
const expectedScore = (gap: number, weight: number): number => 1 / (1 + Math.exp(-weight * gap));

/**
 * Step 5: the new volatility σ', the root of f found by the Illinois method (regula falsi that halves the
 * kept end's value each time that end stays). The root always lies between the kept end and the latest
 * guess, so even a search cut short answers a value next to it.
 */
function nextVolatility(phi: number, sigma: number, variance: number, improvement: number): number {
  const a = Math.log(sigma * sigma);
  const surplus = improvement * improvement - phi * phi - variance;
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const spread = phi * phi + variance + ex;
    return (ex * (surplus - ex)) / (2 * spread * spread) - (x - a) / (RATING_TAU * RATING_TAU);
  };
  let kept = a;
  let latest: number;
  if (surplus > 0) latest = Math.log(surplus);
  else {
    let k = 1;
    while (f(a - k * RATING_TAU) < 0) k++;
    latest = a - k * RATING_TAU;
  }
  let fKept = f(kept);
  let fLatest = f(latest);
  for (let i = 0; i < RATING_MAX_ITERATIONS && Math.abs(latest - kept) > RATING_CONVERGENCE_TOLERANCE; i++) {
    const guess = kept + ((kept - latest) * fKept) / (fLatest - fKept);
    const fGuess = f(guess);
    if (fGuess * fLatest <= 0) {
      kept = latest;
      fKept = fLatest;
    } else fKept /= 2;
    latest = guess;
    fLatest = fGuess;
  }
  return Math.exp(kept / 2);
}

/**
 * The player's rating after `games`, each against its opponent's rating before the update (so both sides of a
 * game are updated from the same two ratings, in any order). No games: the rating as it was.
 */
export function glicko2Update(player: Glicko, games: readonly GlickoGame[]): Glicko {
  if (games.length === 0) return player;
  const mu = (player.rating - RATING_START) / GLICKO2_SCALE;
  const phi = player.deviation / GLICKO2_SCALE;
  let information = 0;
  let surprise = 0;
  for (const game of games) {
    const weight = weightOf(game.opponent.deviation / GLICKO2_SCALE);
    const expected = expectedScore(mu - (game.opponent.rating - RATING_START) / GLICKO2_SCALE, weight);
    information += weight * weight * expected * (1 - expected);
    surprise += weight * (game.score - expected);
  }
  const variance = 1 / information;
  const volatility = nextVolatility(phi, player.volatility, variance, variance * surprise);
  const newPhi = 1 / Math.sqrt(1 / (phi * phi) + information);
  return {
    rating: RATING_START + GLICKO2_SCALE * (mu + newPhi * newPhi * surprise),
    deviation: GLICKO2_SCALE * newPhi,
    volatility,
  };
}
