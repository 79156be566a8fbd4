// AI opponents for the arena: a level within one of the player's, stats of 8 + 2 × level + 0..4 each, and
// a random look and name so the arena does not feel like a mirror.
import {
  AI_BASE_STAT,
  AI_LEVEL_SPREAD,
  AI_MIN_LEVEL,
  AI_STAT_PER_LEVEL,
  AI_STAT_SPREAD,
  BOT_CLASSES,
  BOT_MODEL_NAMES,
  CREATION_COLOR_SCHEMES,
} from "./constants";
import type { Rng } from "./rng";
import type { BotClass, BotModelName, Stats } from "./types";

const NAME_PREFIXES = [
  "Rogue",
  "Rusty",
  "Iron",
  "Chrome",
  "Scrap",
  "Omega",
  "Turbo",
  "Hex",
  "Null",
  "Volt",
] as const;
const NAME_SUFFIXES = [
  "Drone",
  "Sentinel",
  "Crusher",
  "Wraith",
  "Titan",
  "Hunter",
  "Golem",
  "Reaper",
  "Raptor",
  "Unit",
] as const;

export interface AiOpponent {
  readonly name: string;
  readonly model: BotModelName;
  readonly botClass: BotClass;
  readonly level: number;
  readonly stats: Stats;
  readonly colorPrimary: string;
  readonly colorSecondary: string;
}

/** The level offset is drawn uniformly from −1, 0 and +1, then kept at 1 or more. */
export function aiOpponentLevel(rng: Rng, playerLevel: number): number {
  return Math.max(AI_MIN_LEVEL, playerLevel + rng.int(-AI_LEVEL_SPREAD, AI_LEVEL_SPREAD));
}

export function aiOpponentStats(rng: Rng, level: number): Stats {
  const base = AI_BASE_STAT + AI_STAT_PER_LEVEL * level;
  return {
    strength: base + rng.int(0, AI_STAT_SPREAD),
    agility: base + rng.int(0, AI_STAT_SPREAD),
    defense: base + rng.int(0, AI_STAT_SPREAD),
    intelligence: base + rng.int(0, AI_STAT_SPREAD),
  };
}

export function generateAiOpponent(rng: Rng, playerLevel: number): AiOpponent {
  const level = aiOpponentLevel(rng, playerLevel);
  const stats = aiOpponentStats(rng, level);
  const name = `${rng.pick(NAME_PREFIXES)} ${rng.pick(NAME_SUFFIXES)}`;
  const model = rng.pick(BOT_MODEL_NAMES);
  const botClass = rng.pick(BOT_CLASSES);
  const colors = rng.pick(CREATION_COLOR_SCHEMES);
  return {
    name,
    model,
    botClass,
    level,
    stats,
    colorPrimary: colors.primary,
    colorSecondary: colors.secondary,
  };
}
