// What a finished battle does to the player's bot: energy spent, XP and levels, the win/loss record and
// durability. One function for AI and PvP, since the house rules give both the same XP rule.
import { AI_BATTLE_ENERGY, PVP_BATTLE_ENERGY } from "./constants";
import { canBattleWithDurability, durabilityAfterBattle } from "./durability";
import { regenerateEnergy } from "./energy";
import { battleXp, gainXp } from "./levels";
import { messages } from "./messages";
import { type BattleMode, type Bot, type Check, fail, pass } from "./types";

export const battleEnergyCost = (mode: BattleMode): number =>
  mode === "pvp" ? PVP_BATTLE_ENERGY : AI_BATTLE_ENERGY;

/** Before a battle: an opponent is chosen, energy covers the cost (after regeneration), and the bot is not broken. */
export function checkBattle(input: {
  readonly mode: BattleMode;
  readonly opponentSelected: boolean;
  readonly energy: number;
  readonly durability: number;
}): Check {
  if (!input.opponentSelected) return fail("CONFLICT", messages.selectOpponent);
  const cost = battleEnergyCost(input.mode);
  if (input.energy < cost) return fail("NOT_ENOUGH_ENERGY", messages.notEnoughEnergy(cost));
  if (!canBattleWithDurability(input.durability)) return fail("CONFLICT", messages.needsRepair);
  return pass;
}

export type BattleProgressBot = Pick<
  Bot,
  | "energy"
  | "maxEnergy"
  | "lastEnergyUpdate"
  | "xp"
  | "level"
  | "availablePoints"
  | "wins"
  | "losses"
  | "durability"
>;

export interface BattleAftermath {
  readonly energy: number;
  readonly lastEnergyUpdate: number;
  readonly xp: number;
  readonly level: number;
  readonly availablePoints: number;
  readonly wins: number;
  readonly losses: number;
  readonly durability: number;
  readonly xpGained: number;
  readonly leveledUp: boolean;
  readonly levelsGained: number;
  readonly pointsGained: number;
}

/** The initiating player's bot after a battle it started at `now`; energy is regenerated, then spent. */
export function settleBattle(
  bot: BattleProgressBot,
  outcome: { readonly mode: BattleMode; readonly won: boolean; readonly opponentLevel: number },
  now: number,
): BattleAftermath {
  const xpGained = battleXp(outcome.won, outcome.opponentLevel);
  const gain = gainXp(bot, xpGained);
  const energy = regenerateEnergy(bot, now);
  return {
    energy: Math.max(0, energy.energy - battleEnergyCost(outcome.mode)),
    lastEnergyUpdate: energy.lastEnergyUpdate,
    xp: gain.xp,
    level: gain.level,
    availablePoints: gain.availablePoints,
    wins: bot.wins + (outcome.won ? 1 : 0),
    losses: bot.losses + (outcome.won ? 0 : 1),
    durability: durabilityAfterBattle(bot.durability, outcome.won),
    xpGained,
    leveledUp: gain.leveledUp,
    levelsGained: gain.levelsGained,
    pointsGained: gain.pointsGained,
  };
}

/** A PvP defender did not choose to fight: only its win/loss record moves. */
export function settleDefense(
  bot: Pick<Bot, "wins" | "losses">,
  defenderWon: boolean,
): { wins: number; losses: number } {
  return { wins: bot.wins + (defenderWon ? 1 : 0), losses: bot.losses + (defenderWon ? 0 : 1) };
}
