// One PvP battle's effect on both pilots' ratings, computed the moment it ends, as lichess rates a game: each
// side against the other's rating before the battle (with the idle time grown into both deviations), then the
// defender's change damped, each change bounded, and both written with the battle's time.
import type { Side } from "../battle";
import { DEFENDER_CHANGE_WEIGHT, RATING_MAX_CHANGE } from "./constants";
import { type Glicko, glicko2Update } from "./glicko2";
import { capRating, deviationAt, type PilotRating } from "./pilot-rating";

export interface RateBattleOptions {
  /** The share of its computed change the defender keeps, 0 to 1; DEFENDER_CHANGE_WEIGHT unless told. */
  readonly defenderWeight?: number;
}

export interface RatedBattle {
  readonly attacker: PilotRating;
  readonly defender: PilotRating;
}

const liveAt = (rating: PilotRating, nowMs: number): Glicko =>
  capRating({ rating: rating.rating, deviation: deviationAt(rating, nowMs), volatility: rating.volatility });

/** `weight` of the way from `before` to `after`, in all three numbers (lichess's average of two ratings). */
const partWay = (before: Glicko, after: Glicko, weight: number): Glicko => ({
  rating: before.rating + (after.rating - before.rating) * weight,
  deviation: before.deviation + (after.deviation - before.deviation) * weight,
  volatility: before.volatility + (after.volatility - before.volatility) * weight,
});

function settle(before: Glicko, opponent: Glicko, score: number, weight: number, nowMs: number): PilotRating {
  const after = partWay(before, glicko2Update(before, [{ opponent, score }]), weight);
  const rating = Math.min(
    before.rating + RATING_MAX_CHANGE,
    Math.max(before.rating - RATING_MAX_CHANGE, after.rating),
  );
  return capRating({ ...after, rating, lastRatedAt: nowMs });
}

/** Both pilots' ratings after a battle that `winner` won at `nowMs`. */
export function rateBattle(
  attacker: PilotRating,
  defender: PilotRating,
  winner: Side,
  nowMs: number,
  options: RateBattleOptions = {},
): RatedBattle {
  const defenderWeight = options.defenderWeight ?? DEFENDER_CHANGE_WEIGHT;
  if (!(defenderWeight >= 0 && defenderWeight <= 1)) {
    throw new RangeError(`The defender's weight must be from 0 to 1, not ${defenderWeight}`);
  }
  const attackerBefore = liveAt(attacker, nowMs);
  const defenderBefore = liveAt(defender, nowMs);
  const attackerScore = winner === "attacker" ? 1 : 0;
  return {
    attacker: settle(attackerBefore, defenderBefore, attackerScore, 1, nowMs),
    defender: settle(defenderBefore, attackerBefore, 1 - attackerScore, defenderWeight, nowMs),
  };
}
