// Checks on what a player types into a form. Each returns the cleaned value or the spec's exact message, so
// the web app can refuse early and the server refuses the same input with the same words.

import { statsOf, statTotal } from "./bots";
import {
  BOT_MODEL_NAMES,
  BOT_NAME_MAX,
  CASHOUT_GAMERTAG_MAX,
  CREATION_COLOR_SCHEMES,
  CREATION_STAT_MAX,
  CREATION_STAT_MIN,
  CREATION_TOTAL_POINTS,
  GUILD_DESCRIPTION_MAX,
  GUILD_DONATION_MAX,
  GUILD_NAME_MAX,
  GUILD_TAG_MAX,
  MAX_BALANCE,
  MIN_LISTING_PRICE,
  STAT_NAMES,
  SUMMON_BONUS_POINTS,
  SUMMON_NAME_MAX,
  SUMMON_NAME_MIN,
  TOURNAMENT_ADMIN_REWARDS,
  TOURNAMENT_NAME_MAX,
  VAULT_DAILY_DEPOSIT_LIMIT,
} from "./constants";
import { messages } from "./messages";
import { checkCleanName, checkName, cleanName, type NameRule } from "./names";
import {
  type BotId,
  type BotModelName,
  Coins,
  type ColorScheme,
  type CreationColorSchemeName,
  type EntryFeeMode,
  type EquipmentId,
  fail,
  failField,
  ok,
  type Result,
  type StatName,
  type Stats,
} from "./types";

/**
 * Reads a whole number from a number or from text of digits (with an optional minus sign), as form fields
 * hand them over. Anything else (fractions, exponents, NaN, blanks) is null.
 */
export function parseWholeNumber(input: unknown): number | null {
  if (typeof input === "number") return Number.isSafeInteger(input) ? input : null;
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (!/^-?\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** A whole number above 0 as coins, or null. */
function positiveCoins(input: unknown): Coins | null {
  const value = parseWholeNumber(input);
  return value !== null && value > 0 ? Coins(value) : null;
}

// Bot creation ---------------------------------------------------------------------------------------------

/** Points still to place on the creation form: 40 minus what the four stats hold. */
export const creationPointsRemaining = (stats: Stats): number => CREATION_TOTAL_POINTS - statTotal(stats);

export const canRaiseCreationStat = (stats: Stats, stat: StatName): boolean =>
  creationPointsRemaining(stats) > 0 && stats[stat] < CREATION_STAT_MAX;

export const canLowerCreationStat = (stats: Stats, stat: StatName): boolean =>
  stats[stat] > CREATION_STAT_MIN;

export function validateCreationStats(stats: Stats): Result<Stats> {
  for (const stat of STAT_NAMES) {
    const value = stats[stat];
    if (!Number.isInteger(value) || value < CREATION_STAT_MIN || value > CREATION_STAT_MAX) {
      return fail("VALIDATION_FAILED", messages.creationStatOutOfRange);
    }
  }
  if (statTotal(stats) !== CREATION_TOTAL_POINTS)
    return fail("VALIDATION_FAILED", messages.allocateAllCreationPoints);
  return ok(statsOf(stats));
}

/**
 * A bot name: a name (names.ts: NFKC, no hidden characters, a letter or digit), non-blank and at most 30
 * characters; only the blank message differs by form.
 */
const botName = (name: string, blankMessage: string): Result<string> =>
  checkName(name, {
    label: "Name",
    max: BOT_NAME_MAX,
    blank: blankMessage,
    length: messages.nameTooLong(BOT_NAME_MAX),
  });

/** The name on the creation form. */
export const validateBotName = (name: string): Result<string> => botName(name, messages.enterBotName);

export interface BotCreationInput extends Stats {
  readonly name: string;
  readonly model: string;
  readonly colorScheme: string;
}

export interface ValidBotCreation {
  readonly name: string;
  readonly model: BotModelName;
  readonly colorScheme: ColorScheme<CreationColorSchemeName>;
  readonly stats: Stats;
}

/** The whole creation form; stats are checked before the name, in the order the spec lists the errors. */
export function validateBotCreation(input: BotCreationInput): Result<ValidBotCreation> {
  const stats = validateCreationStats(input);
  if (!stats.ok) return stats;
  const name = validateBotName(input.name);
  if (!name.ok) return name;
  const model = BOT_MODEL_NAMES.find((m) => m === input.model);
  if (model === undefined) return fail("VALIDATION_FAILED", messages.unknownModel);
  const colorScheme = CREATION_COLOR_SCHEMES.find((s) => s.name === input.colorScheme);
  if (colorScheme === undefined) return fail("VALIDATION_FAILED", messages.unknownColorScheme);
  return ok({ name: name.value, model, colorScheme, stats: stats.value });
}

// Names -----------------------------------------------------------------------------------------------------

/** Renaming from the roster. */
export const validateRename = (name: string): Result<string> => botName(name, messages.enterValidName);

/** Naming a freshly summoned or fused bot: a name (names.ts) of 3 to 50 characters. */
export const validateSummonName = (name: string): Result<string> =>
  checkName(name, {
    label: "Name",
    min: SUMMON_NAME_MIN,
    max: SUMMON_NAME_MAX,
    blank: messages.summonNameLength,
    length: messages.summonNameLength,
  });

// Bonus points after a summon --------------------------------------------------------------------------------

export const bonusPointsRemaining = (allocation: Stats, points: number = SUMMON_BONUS_POINTS): number =>
  points - statTotal(allocation);

/** The points a player adds on top of a summoned bot's stats: whole, not negative, exactly all of them. */
export function validateBonusAllocation(
  allocation: Stats,
  points: number = SUMMON_BONUS_POINTS,
): Result<Stats> {
  for (const stat of STAT_NAMES) {
    const value = allocation[stat];
    if (!Number.isInteger(value) || value < 0) return fail("VALIDATION_FAILED", messages.bonusPointsInvalid);
  }
  const remaining = bonusPointsRemaining(allocation, points);
  if (remaining > 0) return fail("VALIDATION_FAILED", messages.allocateMorePoints(remaining));
  if (remaining < 0) return fail("VALIDATION_FAILED", messages.tooManyBonusPoints);
  return ok(statsOf(allocation));
}

// Marketplace -------------------------------------------------------------------------------------------------

export function validateListing(input: {
  readonly botId: BotId | null;
  readonly price: unknown;
}): Result<{ botId: BotId; price: Coins }> {
  const price = parseWholeNumber(input.price);
  if (input.botId === null || price === null || price < MIN_LISTING_PRICE) {
    return fail("VALIDATION_FAILED", messages.invalidListing);
  }
  return ok({ botId: input.botId, price: Coins(price) });
}

// Vault and cash-out --------------------------------------------------------------------------------------------

/** How much more may go into the vault today, given what already went in (after the day reset). */
export const depositAllowance = (depositsToday: number): number =>
  Math.max(0, VAULT_DAILY_DEPOSIT_LIMIT - depositsToday);

export function validateDeposit(
  amount: unknown,
  wallet: { readonly coins: number; readonly depositsToday: number },
): Result<Coins> {
  const coins = positiveCoins(amount);
  if (coins === null) return fail("VALIDATION_FAILED", messages.enterValidAmount);
  const allowance = depositAllowance(wallet.depositsToday);
  if (coins > allowance) return fail("LIMIT_REACHED", messages.depositLimit(allowance));
  if (coins > wallet.coins) return fail("NOT_ENOUGH_COINS", messages.notEnoughCoins);
  return ok(coins);
}

export function validateWithdraw(amount: unknown, vault: { readonly vaultCoins: number }): Result<Coins> {
  const coins = positiveCoins(amount);
  if (coins === null) return fail("VALIDATION_FAILED", messages.enterValidAmount);
  if (coins > vault.vaultCoins) return fail("NOT_ENOUGH_COINS", messages.insufficientVault);
  return ok(coins);
}

export function validateCashOut(
  input: { readonly gamertag: string; readonly amount: unknown },
  vault: { readonly vaultCoins: number },
): Result<{ gamertag: string; amount: Coins }> {
  const gamertag = input.gamertag.trim();
  if (gamertag === "" || gamertag.length > CASHOUT_GAMERTAG_MAX)
    return fail("VALIDATION_FAILED", messages.invalidGamertag);
  const amount = positiveCoins(input.amount);
  if (amount === null) return fail("VALIDATION_FAILED", messages.enterValidAmount);
  if (amount > vault.vaultCoins) return fail("NOT_ENOUGH_COINS", messages.insufficientVault);
  return ok({ gamertag, amount });
}

// Guilds ----------------------------------------------------------------------------------------------------------

const GUILD_NAME_RULE: NameRule = {
  label: "Guild name",
  max: GUILD_NAME_MAX,
  blank: messages.guildNameAndTagRequired,
  length: messages.guildNameTooLong,
};
const GUILD_TAG_RULE: NameRule = {
  label: "Guild tag",
  max: GUILD_TAG_MAX,
  blank: messages.guildNameAndTagRequired,
  length: messages.guildTagTooLong,
};

export function validateGuildCreation(input: {
  readonly name: string;
  readonly tag: string;
  readonly description?: string | null;
}): Result<{ name: string; tag: string; description: string | null }> {
  // Both cleaned first (names.ts), so a blank in either says "Name and tag are required" before any length.
  const cleanedName = cleanName(input.name, GUILD_NAME_RULE.label);
  if (!cleanedName.ok) return cleanedName;
  const cleanedTag = cleanName(input.tag, GUILD_TAG_RULE.label);
  if (!cleanedTag.ok) return cleanedTag;
  if (cleanedName.value === "" || cleanedTag.value === "")
    return fail("VALIDATION_FAILED", messages.guildNameAndTagRequired);
  const name = checkCleanName(cleanedName.value, GUILD_NAME_RULE);
  if (!name.ok) return name;
  const tag = checkCleanName(cleanedTag.value, GUILD_TAG_RULE);
  if (!tag.ok) return tag;
  const description = input.description?.trim() ?? "";
  if (description.length > GUILD_DESCRIPTION_MAX)
    return fail("VALIDATION_FAILED", messages.guildDescriptionTooLong);
  return ok({ name: name.value, tag: tag.value, description: description === "" ? null : description });
}

/** A donation to the guild bank: whole coins 1..1000 (the input hint's maximum is the house rule's limit). */
export function validateGuildContribution(
  amount: unknown,
  wallet?: { readonly coins: number },
): Result<Coins> {
  const coins = positiveCoins(amount);
  if (coins === null) return fail("VALIDATION_FAILED", messages.enterValidContribution);
  if (coins > GUILD_DONATION_MAX) return fail("VALIDATION_FAILED", messages.contributionTooLarge);
  if (wallet !== undefined && coins > wallet.coins) return fail("NOT_ENOUGH_COINS", messages.notEnoughCoins);
  return ok(coins);
}

// Chat --------------------------------------------------------------------------------------------------------------

// The chat's message rule lives with the other chat rules (cleaning, pace, mentions).
export { validateChatMessage } from "./chat";

// Admin ----------------------------------------------------------------------------------------------------------------

export interface TournamentRewards {
  readonly first: number;
  readonly second: number;
  readonly third: number;
}

/** Creating a tournament; in player mode the rewards are ignored and stored as 0, as the spec sends them. */
export function validateTournamentCreation(input: {
  readonly name: string;
  readonly entryFeeMode: EntryFeeMode;
  readonly rewards?: Partial<TournamentRewards> | null;
}): Result<{ name: string; entryFeeMode: EntryFeeMode; rewards: TournamentRewards }> {
  const name = input.name.trim();
  if (name === "") return fail("VALIDATION_FAILED", messages.tournamentNameRequired);
  if (name.length > TOURNAMENT_NAME_MAX) return fail("VALIDATION_FAILED", messages.tournamentNameTooLong);
  if (input.entryFeeMode === "player") {
    return ok({ name, entryFeeMode: "player", rewards: { first: 0, second: 0, third: 0 } });
  }
  const places = [
    ["first", "1st place"],
    ["second", "2nd place"],
    ["third", "3rd place"],
  ] as const;
  const rewards: { first: number; second: number; third: number } = { first: 0, second: 0, third: 0 };
  for (const [place, label] of places) {
    // Checked when typed, not clipped at payout: a reward past the coin maximum could never be paid whole, and a
    // number past 2^53 reached the database as an int8 it could not parse (a 500).
    const value = parseWholeNumber(input.rewards?.[place] ?? TOURNAMENT_ADMIN_REWARDS[place]);
    if (value === null || value < 0 || value > MAX_BALANCE) {
      return failField("VALIDATION_FAILED", messages.invalidReward(label), `rewards.${place}`);
    }
    rewards[place] = value;
  }
  return ok({ name, entryFeeMode: "admin", rewards });
}

export function validateGrantCoins(input: {
  readonly email: string;
  readonly amount: unknown;
}): Result<{ email: string; amount: Coins }> {
  const email = input.email.trim();
  if (email === "") return fail("VALIDATION_FAILED", messages.enterPlayerEmail);
  const amount = positiveCoins(input.amount);
  if (amount === null) return fail("VALIDATION_FAILED", messages.coinAmountPositive);
  return ok({ email, amount });
}

export function validateGrantEquipment(input: {
  readonly email: string;
  readonly equipmentId: EquipmentId | null;
}): Result<{ email: string; equipmentId: EquipmentId }> {
  const email = input.email.trim();
  if (email === "") return fail("VALIDATION_FAILED", messages.enterPlayerEmail);
  if (input.equipmentId === null) return fail("VALIDATION_FAILED", messages.selectEquipment);
  return ok({ email, equipmentId: input.equipmentId });
}
