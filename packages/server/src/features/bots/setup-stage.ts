// The summon flow's progress, read off the row instead of stored beside it: a summoned (or fused) bot carries
// its placeholder name '<model> (Unnamed)' until named, and stat_points_allocated stays false until its 10
// bonus points are placed. A reload of /summon resumes each bot at the step this returns.
import type { SetupStage } from "@bot-arena/contract";
import { BOT_MODEL_NAMES, type BotModelName, unnamedBotName } from "@bot-arena/game";

const placeholderNames = new Set(BOT_MODEL_NAMES.map((model: BotModelName) => unnamedBotName(model)));

/** True for any model's placeholder, so no player can give a bot a name that reads as "not named yet". */
export const isPlaceholderName = (name: string): boolean => placeholderNames.has(name.trim());

export function setupStageOf(bot: { name: string; statPointsAllocated: boolean }): SetupStage {
  if (isPlaceholderName(bot.name)) return "name";
  if (!bot.statPointsAllocated) return "allocate";
  return null;
}
