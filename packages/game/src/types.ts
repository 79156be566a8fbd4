// The vocabulary of the rulebook: branded ids and amounts, the union types and the shapes the rules read.
// Field names are camelCase; the server maps its snake_case columns onto them.

declare const brand: unique symbol;
/** A value of type T that cannot be mixed up with another T of a different brand. */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type UserId = Brand<string, "UserId">;
export type BotId = Brand<string, "BotId">;
export type EquipmentId = Brand<string, "EquipmentId">;
export type ListingId = Brand<string, "ListingId">;
export type TournamentId = Brand<string, "TournamentId">;
export type ParticipantId = Brand<string, "ParticipantId">;
export type GuildId = Brand<string, "GuildId">;
export type WarId = Brand<string, "WarId">;
/** A whole, non-negative number of coins. */
export type Coins = Brand<number, "Coins">;

export const UserId = (id: string): UserId => id as UserId;
export const BotId = (id: string): BotId => id as BotId;
export const EquipmentId = (id: string): EquipmentId => id as EquipmentId;
export const ListingId = (id: string): ListingId => id as ListingId;
export const TournamentId = (id: string): TournamentId => id as TournamentId;
export const ParticipantId = (id: string): ParticipantId => id as ParticipantId;
export const GuildId = (id: string): GuildId => id as GuildId;
export const WarId = (id: string): WarId => id as WarId;

/** Brands an amount as coins; refuses fractions and negatives because the ledger only knows whole coins. */
export function Coins(amount: number): Coins {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`Coins must be a whole number of 0 or more, got ${amount}`);
  }
  return amount as Coins;
}

/** Every rarity a badge can show; `epic` exists only as a badge colour. */
export type Rarity = "common" | "uncommon" | "rare" | "epic" | "legendary" | "diamond";
/** The rarities a bot can actually hold. */
export type BotRarity = Exclude<Rarity, "epic">;
/** The rarities a summon can roll; diamond comes only from fusion. */
export type SummonRarity = Exclude<BotRarity, "diamond">;

export type BotClass = "hero" | "villain" | "support";
export type StatName = "strength" | "agility" | "defense" | "intelligence";
export type Stats = Readonly<Record<StatName, number>>;

export type BotModelName = "Striker X-1" | "Defender Z-9" | "Phantom V-7" | "Nova S-4" | "Eclipse R-2";
export type CreationColorSchemeName =
  | "Cyber Blue"
  | "Neon Pink"
  | "Toxic Green"
  | "Solar Orange"
  | "Void Purple"
  | "Crimson Red"
  | "Arctic White"
  | "Shadow Black";
export type CustomizationColorSchemeName =
  | "Blue Steel"
  | "Crimson"
  | "Emerald"
  | "Violet"
  | "Gold"
  | "Pink"
  | "Cyan"
  | "Orange";

export interface ColorScheme<N extends string = string> {
  readonly name: N;
  readonly primary: string;
  readonly secondary: string;
}

export interface BotModel {
  readonly name: BotModelName;
  readonly type: "Offensive" | "Tank" | "Speed" | "Tactical" | "Balanced";
  readonly description: string;
  /** Shown on the card only; the spec gives it no effect on play. */
  readonly bonusStat: StatName | "all";
}

export type UltimateType = "damage" | "special" | "heal";
export type EffectType = "physical" | "fire" | "ice" | "lightning" | "heal" | "ultimate";
export type BattleMode = "ai" | "pvp";
export type EntryFeeMode = "player" | "admin";
export type TournamentStatus = "pending" | "active" | "completed";
export type MatchStatus = "pending" | "in_progress" | "completed";

/** The part of an equipment row that matters in battle. */
export interface Weapon {
  readonly name: string;
  readonly strengthBonus: number;
  readonly agilityBonus: number;
  readonly defenseBonus: number;
  readonly intelligenceBonus: number;
  readonly ultimateAbilityName: string | null;
  readonly ultimateAbilityType: UltimateType | null;
  /** Multiplier for damage and special, share of max HP for heal; null takes the rule's default. */
  readonly ultimateAbilityPower: number | null;
  /** Probability from 0 to 1 that the ultimate fires on one of the bearer's turns. */
  readonly ultimateTriggerChance: number;
}

/** A bot as the rules see it; the database row carries the same fields in snake_case. */
export interface Bot extends Stats {
  readonly id: BotId;
  readonly userId: UserId;
  readonly name: string;
  readonly model: BotModelName;
  readonly botClass: BotClass;
  readonly rarity: BotRarity;
  readonly level: number;
  readonly xp: number;
  readonly energy: number;
  readonly maxEnergy: number;
  /** Milliseconds since the epoch of the last energy write. */
  readonly lastEnergyUpdate: number;
  readonly isActive: boolean;
  readonly wins: number;
  readonly losses: number;
  readonly availablePoints: number;
  /** Whether the 10 post-summon bonus points have been placed (created bots are born allocated). */
  readonly statPointsAllocated: boolean;
  readonly durability: number;
  readonly maxDurability: number;
  readonly colorPrimary: string;
  readonly colorSecondary: string;
  readonly imageUrl: string | null;
  readonly equippedWeaponId: EquipmentId | null;
}

/**
 * Why the rules refused, as a code a server maps to its answer and a client may branch on; the names match
 * the API's error codes, so no layer ever has to recover the kind from the English text.
 */
export const refusalCodes = [
  "VALIDATION_FAILED",
  "NOT_FOUND",
  "FORBIDDEN",
  "CONFLICT",
  "NOT_ENOUGH_COINS",
  "NOT_ENOUGH_ENERGY",
  "LIMIT_REACHED",
] as const;
export type RefusalCode = (typeof refusalCodes)[number];

/** A refused check: its code, the exact text to show the player, and sometimes a second line of detail. */
export type Refusal = {
  readonly ok: false;
  readonly code: RefusalCode;
  readonly message: string;
  readonly detail?: string;
  /** The input field the refusal is about (`rewards.first`), for a form to mark; the message names it too. */
  readonly field?: string;
};

/** The outcome of a check: the accepted value, or the refusal to show the player. */
export type Result<T> = { readonly ok: true; readonly value: T } | Refusal;
/** A check that has nothing to hand back when it passes. */
export type Check = Result<null>;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(code: RefusalCode, message: string, detail?: string): Result<T> =>
  detail === undefined ? { ok: false, code, message } : { ok: false, code, message, detail };
export const pass: Check = { ok: true, value: null };
/** A refusal of one input field: `field` is its path in the request body, as a schema's refusal names it. */
export const failField = <T = never>(code: RefusalCode, message: string, field: string): Result<T> => ({
  ok: false,
  code,
  message,
  field,
});
