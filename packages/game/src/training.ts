// Training: one available point becomes one stat point for 5 energy. Run energy regeneration first.
import { TRAINING_ENERGY_PER_POINT } from "./constants";
import { messages } from "./messages";
import { type Bot, type Check, fail, ok, pass, type Result, type StatName, type Stats } from "./types";

export function checkTraining(bot: Pick<Bot, "energy" | "availablePoints">): Check {
  if (bot.availablePoints <= 0) return fail("CONFLICT", messages.noAvailablePoints);
  if (bot.energy < TRAINING_ENERGY_PER_POINT)
    return fail("NOT_ENOUGH_ENERGY", messages.notEnoughTrainingEnergy);
  return pass;
}

export type TrainedBot = Stats & { readonly energy: number; readonly availablePoints: number };

/** The bot's stats, energy and available points after one point of training in `stat`. */
export function trainStat(
  bot: Pick<Bot, StatName | "energy" | "availablePoints">,
  stat: StatName,
): Result<TrainedBot> {
  const check = checkTraining(bot);
  if (!check.ok) return check;
  const trained: TrainedBot = {
    strength: bot.strength,
    agility: bot.agility,
    defense: bot.defense,
    intelligence: bot.intelligence,
    energy: bot.energy - TRAINING_ENERGY_PER_POINT,
    availablePoints: bot.availablePoints - 1,
  };
  return ok({ ...trained, [stat]: bot[stat] + 1 });
}
