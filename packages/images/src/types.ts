// The generator's input as callers send it (loose strings from the database) and its normalised form.

export const MECHA_MODELS = [
  "Striker X-1",
  "Defender Z-9",
  "Phantom V-7",
  "Nova S-4",
  "Eclipse R-2",
] as const;
export type MechaModel = (typeof MECHA_MODELS)[number];

export const RARITIES = ["common", "uncommon", "rare", "epic", "legendary", "diamond"] as const;
export type Rarity = (typeof RARITIES)[number];

export const BOT_CLASSES = ["hero", "villain", "support"] as const;
export type BotClass = (typeof BOT_CLASSES)[number];

export const ULTIMATE_TYPES = ["damage", "special", "heal"] as const;
export type UltimateType = (typeof ULTIMATE_TYPES)[number];

export interface WeaponInput {
  name: string;
  type: string;
  rarity?: string | null;
  ultimateType?: string | null;
}

export interface MechaInput {
  botName: string;
  model: string;
  colorPrimary: string;
  colorSecondary: string;
  /** absent at bot creation: drawn as common */
  rarity?: string | null;
  /** absent at bot creation: drawn as hero, as the spec treats a missing class */
  botClass?: string | null;
  equippedWeapon?: WeaponInput | null;
  /** extra entropy for pose and decals when there is no name to vary them (library images) */
  seed?: string | null;
}

export interface NormalizedWeapon {
  name: string;
  type: string;
  rarity: Rarity;
  ultimateType: UltimateType | null;
}

export interface NormalizedMecha {
  botName: string;
  /** the model as given, for the nameplate */
  modelLabel: string;
  /** the silhouette drawn; an unknown model name maps to one of the five by hash */
  model: MechaModel;
  colorPrimary: string;
  colorSecondary: string;
  rarity: Rarity;
  botClass: BotClass;
  weapon: NormalizedWeapon | null;
  seed: string;
}
