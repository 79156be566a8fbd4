// Experience and levels: level = floor(xp / 100) + 1, five available points per level gained, and the XP a
// battle pays. A level never goes down, even for a fused bot whose xp restarts at 0.
import {
  NEW_BOT_LEVEL,
  POINTS_PER_LEVEL,
  XP_LOSS,
  XP_PER_LEVEL,
  XP_WIN_BASE,
  XP_WIN_PER_OPPONENT_LEVEL,
} from "./constants";
import type { Bot } from "./types";

export const levelForXp = (xp: number): number => Math.floor(Math.max(0, xp) / XP_PER_LEVEL) + NEW_BOT_LEVEL;

/** The right end of the XP bar: level × 100. */
export const xpBarMax = (level: number): number => level * XP_PER_LEVEL;

/** AI and PvP alike: a win pays 50 + 10 × the opponent's level, a loss 10. */
export const battleXp = (won: boolean, opponentLevel: number): number =>
  won ? XP_WIN_BASE + XP_WIN_PER_OPPONENT_LEVEL * opponentLevel : XP_LOSS;

export interface XpGain {
  readonly xp: number;
  readonly level: number;
  readonly availablePoints: number;
  readonly leveledUp: boolean;
  readonly levelsGained: number;
  readonly pointsGained: number;
}

export function gainXp(bot: Pick<Bot, "xp" | "level" | "availablePoints">, amount: number): XpGain {
  const xp = bot.xp + Math.max(0, amount);
  const level = Math.max(bot.level, levelForXp(xp));
  const levelsGained = level - bot.level;
  const pointsGained = levelsGained * POINTS_PER_LEVEL;
  return {
    xp,
    level,
    availablePoints: bot.availablePoints + pointsGained,
    leveledUp: levelsGained > 0,
    levelsGained,
    pointsGained,
  };
}
