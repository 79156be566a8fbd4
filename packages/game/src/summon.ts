// Summoning: the rarity rolls, the 10x legendary guarantee, the stats and looks of a new bot, the checks
// before a summon, and the refresh that re-rolls a bot as if it had just been summoned.
import {
  BOT_CLASSES,
  BOT_MODEL_NAMES,
  CREATION_COLOR_SCHEMES,
  MAX_BOTS,
  RARITY_BASE_STAT,
  type RarityTable,
  SINGLE_SUMMON_PITY,
  SINGLE_SUMMON_PITY_RARITY,
  SINGLE_SUMMON_RATES,
  SUMMON_BONUS_POINTS,
  SUMMON_SINGLE_COUNT,
  SUMMON_SINGLE_PRICE,
  SUMMON_STAT_SPREAD,
  SUMMON_TEN_COUNT,
  SUMMON_TEN_MAX_OWNED,
  SUMMON_TEN_PRICE,
  TEN_SUMMON_GUARANTEE,
  TEN_SUMMON_RATES,
} from "./constants";
import { messages } from "./messages";
import type { Rng } from "./rng";
import {
  type Bot,
  type BotClass,
  type BotModelName,
  type BotRarity,
  type Check,
  Coins,
  type ColorScheme,
  type CreationColorSchemeName,
  fail,
  pass,
  type Stats,
  type SummonRarity,
} from "./types";

export type SummonCount = typeof SUMMON_SINGLE_COUNT | typeof SUMMON_TEN_COUNT;

export const summonPrice = (count: SummonCount): Coins =>
  Coins(count === SUMMON_TEN_COUNT ? SUMMON_TEN_PRICE : SUMMON_SINGLE_PRICE);

/** Whether each summon button is disabled for a roster of this size (the spec's two thresholds). */
export function summonButtons(ownedBots: number): { singleDisabled: boolean; tenDisabled: boolean } {
  return { singleDisabled: ownedBots >= MAX_BOTS, tenDisabled: ownedBots > SUMMON_TEN_MAX_OWNED };
}

/** Before taking coins: the count is 1 or 10, the roster stays within 20, and the wallet covers the price. */
export function checkSummon(input: { count: number; ownedBots: number; coins: number }): Check {
  if (input.count !== SUMMON_SINGLE_COUNT && input.count !== SUMMON_TEN_COUNT) {
    return fail("VALIDATION_FAILED", messages.invalidSummonCount);
  }
  if (input.ownedBots + input.count > MAX_BOTS) return fail("LIMIT_REACHED", messages.maxBots);
  const price = summonPrice(input.count);
  if (input.coins < price) return fail("NOT_ENOUGH_COINS", messages.needCoins(price));
  return pass;
}

/** One roll on a percent table. */
export function rollRarity(rng: Rng, table: RarityTable): SummonRarity {
  let roll = rng.next() * 100;
  for (const [rarity, weight] of table) {
    if (roll < weight) return rarity;
    roll -= weight;
  }
  // Only reachable through float rounding at the very top of the range.
  const last = table[table.length - 1];
  if (last === undefined) throw new RangeError("Empty rarity table");
  return last[0];
}

export const rollSingleRarity = (rng: Rng): SummonRarity => rollRarity(rng, SINGLE_SUMMON_RATES);

const RARITY_ORDER: readonly SummonRarity[] = ["common", "uncommon", "rare", "legendary"];
const belowPity = (rarity: SummonRarity) =>
  RARITY_ORDER.indexOf(rarity) < RARITY_ORDER.indexOf(SINGLE_SUMMON_PITY_RARITY);

/**
 * Single summons in a row without a rare or better, from the player's single rolls newest first (only the last
 * SINGLE_SUMMON_PITY - 1 are needed): the pity counter.
 */
export function singlePityStreak(singleRollsNewestFirst: readonly SummonRarity[]): number {
  let streak = 0;
  for (const rarity of singleRollsNewestFirst) {
    if (!belowPity(rarity) || streak === SINGLE_SUMMON_PITY - 1) break;
    streak++;
  }
  return streak;
}

/** Single summons until the pity's rare, counting the one that gets it: 10 after a rare, 1 when the next is. */
export const singleSummonsUntilPity = (streak: number): number => SINGLE_SUMMON_PITY - streak;

/** A single roll after `streak` without a rare: the pity turns a common or uncommon into a rare at the 10th. */
export function rollSingleWithPity(rng: Rng, streak: number): SummonRarity {
  const rarity = rollSingleRarity(rng);
  return streak >= SINGLE_SUMMON_PITY - 1 && belowPity(rarity) ? SINGLE_SUMMON_PITY_RARITY : rarity;
}

/** Ten rolls on the 10x table; if none is legendary the last becomes legendary. */
export function rollTenRarities(rng: Rng): SummonRarity[] {
  const rarities: SummonRarity[] = [];
  for (let i = 0; i < SUMMON_TEN_COUNT; i++) rarities.push(rollRarity(rng, TEN_SUMMON_RATES));
  if (!rarities.includes(TEN_SUMMON_GUARANTEE)) rarities[SUMMON_TEN_COUNT - 1] = TEN_SUMMON_GUARANTEE;
  return rarities;
}

/** Each stat is the rarity's base plus 0 to 2, before the player's bonus points. */
export function rollStats(rng: Rng, rarity: BotRarity): Stats {
  const base = RARITY_BASE_STAT[rarity];
  return {
    strength: base + rng.int(0, SUMMON_STAT_SPREAD),
    agility: base + rng.int(0, SUMMON_STAT_SPREAD),
    defense: base + rng.int(0, SUMMON_STAT_SPREAD),
    intelligence: base + rng.int(0, SUMMON_STAT_SPREAD),
  };
}

/** What a bot is called until its owner names it. */
export const unnamedBotName = (model: BotModelName): string => `${model} (Unnamed)`;

export interface SummonedBot {
  readonly name: string;
  readonly rarity: SummonRarity;
  readonly model: BotModelName;
  readonly botClass: BotClass;
  readonly colorScheme: ColorScheme<CreationColorSchemeName>;
  readonly stats: Stats;
}

/** A bot of the given rarity with a random model, class and creation colour scheme. */
export function summonBotOfRarity(rng: Rng, rarity: SummonRarity): SummonedBot {
  const model = rng.pick(BOT_MODEL_NAMES);
  const botClass = rng.pick(BOT_CLASSES);
  const colorScheme = rng.pick(CREATION_COLOR_SCHEMES);
  const stats = rollStats(rng, rarity);
  return { name: unnamedBotName(model), rarity, model, botClass, colorScheme, stats };
}

/** The bots a paid summon yields, in reveal order; `pityStreak` is singlePityStreak's (singles only). */
export function summonBots(rng: Rng, count: SummonCount, pityStreak = 0): SummonedBot[] {
  const rarities = count === SUMMON_TEN_COUNT ? rollTenRarities(rng) : [rollSingleWithPity(rng, pityStreak)];
  return rarities.map((rarity) => summonBotOfRarity(rng, rarity));
}

/** Adds the validated bonus allocation to a summoned bot's stats. */
export function applyBonusPoints(stats: Stats, bonus: Stats): { stats: Stats; statPointsAllocated: true } {
  return {
    stats: {
      strength: stats.strength + bonus.strength,
      agility: stats.agility + bonus.agility,
      defense: stats.defense + bonus.defense,
      intelligence: stats.intelligence + bonus.intelligence,
    },
    statPointsAllocated: true,
  };
}

export type RefreshedBot = Stats & {
  readonly rarity: SummonRarity;
  readonly availablePoints: number;
  readonly statPointsAllocated: true;
};

/**
 * A refresh makes the bot a fresh summon: rarity re-rolled on the single table, stats rolled for that
 * rarity, and the summon's 10 bonus points handed over as available points (spent by training) instead of
 * through the allocation dialog, so a pending allocation is settled too. Name, model, class, colours,
 * level, xp, record, durability and weapon stay. Points spent in training were part of the old stats and
 * are re-rolled with them.
 */
export function refreshBot(rng: Rng, bot: Pick<Bot, "availablePoints">): RefreshedBot {
  const rarity = rollSingleRarity(rng);
  return {
    rarity,
    ...rollStats(rng, rarity),
    availablePoints: bot.availablePoints + SUMMON_BONUS_POINTS,
    statPointsAllocated: true,
  };
}
