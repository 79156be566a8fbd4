// Wear and repair: a battle costs the player's bot 2 durability on a win and 5 on a loss, a bot at 0
// cannot battle, and a repair to full costs ceil((100 − durability%) × 5) coins.
import { DURABILITY_LOSS_LOSS, DURABILITY_LOSS_WIN, REPAIR_COST_PER_PERCENT } from "./constants";
import { messages } from "./messages";
import { type Bot, type Check, Coins, fail, pass } from "./types";

export const durabilityLoss = (won: boolean): number => (won ? DURABILITY_LOSS_WIN : DURABILITY_LOSS_LOSS);

export const durabilityAfterBattle = (durability: number, won: boolean): number =>
  Math.max(0, durability - durabilityLoss(won));

export const canBattleWithDurability = (durability: number): boolean => durability > 0;

export function durabilityPercent(bot: Pick<Bot, "durability" | "maxDurability">): number {
  if (bot.maxDurability <= 0) return 100;
  return (Math.min(Math.max(bot.durability, 0), bot.maxDurability) / bot.maxDurability) * 100;
}

/**
 * Coins to repair to full. Worked as ceil(500 × missing / max) on whole numbers: the spec's percent form
 * gives the same value but lets float error push an exact 215 up to 216.
 */
export function repairCost(bot: Pick<Bot, "durability" | "maxDurability">): Coins {
  if (bot.maxDurability <= 0) return Coins(0);
  const missing = bot.maxDurability - Math.min(Math.max(bot.durability, 0), bot.maxDurability);
  return Coins(Math.ceil((100 * REPAIR_COST_PER_PERCENT * missing) / bot.maxDurability));
}

export function checkRepair(bot: Pick<Bot, "durability" | "maxDurability">, coins: number): Check {
  if (bot.durability >= bot.maxDurability) return fail("CONFLICT", messages.perfectCondition);
  if (coins < repairCost(bot)) return fail("NOT_ENOUGH_COINS", messages.notEnoughCoins);
  return pass;
}
