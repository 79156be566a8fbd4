// Fusion: two bots of one rarity become one bot a rung up the ladder (common → uncommon → rare, and
// legendary → diamond). Rare cannot be fused, nor diamond, which has nothing above it.

import { freshBotState, type NewBot } from "./bots";
import {
  FUSION_DIAMOND_STAT_PERCENT,
  FUSION_LEGENDARY_MIN_LEVEL,
  FUSION_STAT_PERCENT,
  RARITY_LADDER,
  UNFUSABLE_RARITIES,
} from "./constants";
import { messages } from "./messages";
import { unnamedBotName } from "./summon";
import {
  type Bot,
  type BotRarity,
  type Check,
  fail,
  ok,
  pass,
  type Result,
  type StatName,
  type Stats,
} from "./types";

/** The rarity a fusion of two bots of this rarity yields, or null when it cannot be fused. */
export function fusionTarget(rarity: BotRarity): BotRarity | null {
  if (UNFUSABLE_RARITIES.includes(rarity)) return null;
  const next = RARITY_LADDER[RARITY_LADDER.indexOf(rarity) + 1];
  return next ?? null;
}

/** Percent of the summed stats the fused bot keeps: 80, or 100 when the result is diamond. */
export const fusionStatPercent = (target: BotRarity): number =>
  target === "diamond" ? FUSION_DIAMOND_STAT_PERCENT : FUSION_STAT_PERCENT;

export type FusionParent = Pick<
  Bot,
  "id" | "userId" | "rarity" | "level" | "model" | "botClass" | "colorPrimary" | "colorSecondary"
> &
  Stats;

export function checkFusion(
  first: Pick<Bot, "id" | "userId" | "rarity" | "level">,
  second: Pick<Bot, "id" | "userId" | "rarity" | "level">,
): Check {
  const eligible =
    first.id !== second.id &&
    first.userId === second.userId &&
    first.rarity === second.rarity &&
    fusionTarget(first.rarity) !== null &&
    (first.rarity !== "legendary" ||
      (first.level >= FUSION_LEGENDARY_MIN_LEVEL && second.level >= FUSION_LEGENDARY_MIN_LEVEL));
  return eligible ? pass : fail("CONFLICT", messages.cannotFuse);
}

/** The target rarity needs at least one image in the library. */
export const checkFusionImages = (target: BotRarity, availableImages: number): Check =>
  availableImages > 0 ? pass : fail("CONFLICT", messages.noImagesForRarity(target));

/** A fused bot is a new bot that starts inactive. */
export type FusedBot = NewBot & { readonly isActive: false };

/**
 * The new bot: looks of the first parent, the higher level, xp 0, inactive, fresh energy and durability,
 * no bonus points to place (it is only named).
 */
export function fuseBots(first: FusionParent, second: FusionParent, now: number): Result<FusedBot> {
  const check = checkFusion(first, second);
  if (!check.ok) return check;
  const rarity = fusionTarget(first.rarity) as BotRarity;
  const percent = fusionStatPercent(rarity);
  // Whole-number arithmetic: floor(sum × 80 / 100) is exact where sum × 0.8 can fall a hair short.
  const fused = (stat: StatName): number => Math.floor(((first[stat] + second[stat]) * percent) / 100);
  return ok({
    ...freshBotState(now),
    name: unnamedBotName(first.model),
    rarity,
    model: first.model,
    botClass: first.botClass,
    colorPrimary: first.colorPrimary,
    colorSecondary: first.colorSecondary,
    strength: fused("strength"),
    agility: fused("agility"),
    defense: fused("defense"),
    intelligence: fused("intelligence"),
    level: Math.max(first.level, second.level),
    isActive: false,
    statPointsAllocated: true,
  });
}
