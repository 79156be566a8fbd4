// The odds a screen shows before a battle: the real engine plays the same two fighters many seeded times and
// counts the attacker's wins. The engine only draws for ultimates (hits are otherwise fixed by the stats), so
// two bots without an ultimate always fight the same battle and their chance is 0% or 100%; the odds against
// the arena's AI come from rolling a fresh opponent for every battle, as the arena does.
import { type Fighter, runBattle } from "./battle";
import { aiOpponentLevel, aiOpponentStats } from "./opponents";
import { createRng, type Rng, type Seed } from "./rng";

export interface WinChance {
  /** The attacker's share of the battles played, 0 to 1. */
  readonly probability: number;
  /**
   * The share as a whole percent for the screen; 0 and 100 only when every battle went one way, so a
   * 99.7% favourite is shown as 99%, not as a certainty.
   */
  readonly percent: number;
}

/** Rolls the defender of one battle, for odds against an opponent not yet known (the arena's AI). */
export type OpponentRoll = (rng: Rng) => Fighter;

/** Battles per estimate: the shown percent then sits within about 1 point of the true chance. */
export const WIN_CHANCE_BATTLES = 2000;

const AI_FIGHTER_NAME = "AI opponent";

/** The AI the arena rolls for a bot of this level (its level within one, its stats), without a weapon. */
export const aiOpponentRoll =
  (playerLevel: number): OpponentRoll =>
  (rng) => ({
    name: AI_FIGHTER_NAME,
    stats: aiOpponentStats(rng, aiOpponentLevel(rng, playerLevel)),
    weapon: null,
  });

const drawsForUltimate = (fighter: Fighter): boolean =>
  fighter.weapon !== null &&
  fighter.weapon.ultimateAbilityType !== null &&
  fighter.weapon.ultimateTriggerChance > 0;

export function winChanceOf(wins: number, battles: number): WinChance {
  if (battles <= 0) throw new RangeError("A win chance needs at least one battle");
  const probability = wins / battles;
  const rounded = Math.round(probability * 100);
  const percent = wins === 0 ? 0 : wins === battles ? 100 : Math.min(99, Math.max(1, rounded));
  return { probability, percent };
}

/**
 * The attacker's chance to beat the defender (a fixed fighter, or a roll per battle), from `battles` battles
 * of the real engine. The same fighters and seed always give the same answer. Opponents and battles draw from
 * separate streams, so one stat point more changes the fights, not which opponents were met.
 */
export function estimateWinChance(
  attacker: Fighter,
  defender: Fighter | OpponentRoll,
  seed: Seed,
  battles: number = WIN_CHANCE_BATTLES,
): WinChance {
  if (typeof defender !== "function" && !drawsForUltimate(attacker) && !drawsForUltimate(defender)) {
    // Nothing but the hits' colour is left to chance, so every one of the battles would be this one.
    const won = runBattle(attacker, defender, createRng(`${seed}/battles`), { log: false }).winner;
    return winChanceOf(won === "attacker" ? battles : 0, battles);
  }
  const roll: OpponentRoll = typeof defender === "function" ? defender : () => defender;
  const rollRng = createRng(`${seed}/opponents`);
  const fightRng = createRng(`${seed}/battles`);
  let wins = 0;
  for (let i = 0; i < battles; i++) {
    if (runBattle(attacker, roll(rollRng), fightRng, { log: false }).winner === "attacker") wins++;
  }
  return winChanceOf(wins, battles);
}
