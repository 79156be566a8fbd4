// Fresh bots: the fields a newly created or summoned bot starts with, and small readings of a bot's stats.
import { DEFAULT_BOT_CLASS, MAX_DURABILITY, MAX_ENERGY, NEW_BOT_LEVEL, STAT_NAMES } from "./constants";
import type { SummonedBot } from "./summon";
import type { Bot, BotClass, Stats } from "./types";
import type { ValidBotCreation } from "./validation";

/** Everything of a new bot except what the server assigns (ids, owner, image, weapon, active flag). */
export type NewBot = Omit<Bot, "id" | "userId" | "imageUrl" | "equippedWeaponId" | "isActive">;

export const statsOf = (bot: Stats): Stats => ({
  strength: bot.strength,
  agility: bot.agility,
  defense: bot.defense,
  intelligence: bot.intelligence,
});

export const statTotal = (stats: Stats): number => STAT_NAMES.reduce((sum, stat) => sum + stats[stat], 0);

/** A bot's total strength, shown as Power in tournaments and summed into guild power. */
export const totalStrength = statTotal;

/** A stored class may be missing; the spec treats that as hero. */
export const botClassOrDefault = (botClass: BotClass | null | undefined): BotClass =>
  botClass ?? DEFAULT_BOT_CLASS;

/** Level 1, no XP or record, full energy (its clock starting now) and full durability. */
export const freshBotState = (now: number) => ({
  level: NEW_BOT_LEVEL,
  xp: 0,
  energy: MAX_ENERGY,
  maxEnergy: MAX_ENERGY,
  lastEnergyUpdate: now,
  wins: 0,
  losses: 0,
  availablePoints: 0,
  durability: MAX_DURABILITY,
  maxDurability: MAX_DURABILITY,
});

/** The first bot, from the creation form: common, hero, level 1. */
export function newCreatedBot(form: ValidBotCreation, now: number): NewBot {
  return {
    ...freshBotState(now),
    ...statsOf(form.stats),
    statPointsAllocated: true,
    name: form.name,
    model: form.model,
    botClass: DEFAULT_BOT_CLASS,
    rarity: "common",
    colorPrimary: form.colorScheme.primary,
    colorSecondary: form.colorScheme.secondary,
  };
}

/** A summoned bot before naming and bonus points. */
export function newSummonedBot(summoned: SummonedBot, now: number): NewBot {
  return {
    ...freshBotState(now),
    ...statsOf(summoned.stats),
    statPointsAllocated: false,
    name: summoned.name,
    model: summoned.model,
    botClass: summoned.botClass,
    rarity: summoned.rarity,
    colorPrimary: summoned.colorScheme.primary,
    colorSecondary: summoned.colorScheme.secondary,
  };
}
