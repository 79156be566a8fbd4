// Every number of both specifications and the house rules, named once. Rules read them from here and
// nowhere else, so a balance change is one edit and the tests in constants.test.ts pin each value.
import type {
  BotClass,
  BotModel,
  BotModelName,
  BotRarity,
  ColorScheme,
  CreationColorSchemeName,
  CustomizationColorSchemeName,
  Rarity,
  StatName,
  SummonRarity,
} from "./types";

export const STAT_NAMES: readonly StatName[] = ["strength", "agility", "defense", "intelligence"];
export const BOT_CLASSES: readonly BotClass[] = ["hero", "villain", "support"];
/** Treated as the class of a bot whose class is missing. */
export const DEFAULT_BOT_CLASS: BotClass = "hero";

// Accounts
export const STARTING_COINS = 1000;
export const PASSWORD_MIN_LENGTH = 6;
export const USERNAME_MAX = 30;
/**
 * No balance (wallet, vault, guild bank, tournament or war pool) may hold more coins than this: far above any
 * honest fortune, far below where a bigint column or a JavaScript number stops being exact.
 */
export const MAX_BALANCE = 1_000_000_000_000;

// Roster
export const MAX_BOTS = 20;
export const BOT_NAME_MAX = 30;
export const RECYCLE_REFUND = 250;
export const RENAME_COST = 5;
export const REFRESH_COST = 250;
export const ROSTER_REFRESH_MS = 60_000;

// Bot creation
export const CREATION_TOTAL_POINTS = 40;
export const CREATION_STAT_MIN = 5;
export const CREATION_STAT_MAX = 15;
export const CREATION_SUCCESS_SCREEN_MS = 2000;

// New bots
export const NEW_BOT_LEVEL = 1;
export const MAX_ENERGY = 100;
export const MAX_DURABILITY = 100;

// Summoning
export const SUMMON_SINGLE_COUNT = 1;
export const SUMMON_TEN_COUNT = 10;
export const SUMMON_SINGLE_PRICE = 500;
export const SUMMON_TEN_PRICE = 5000;
/** The 10x button is disabled once the roster holds more than this many bots. */
export const SUMMON_TEN_MAX_OWNED = MAX_BOTS - SUMMON_TEN_COUNT;
export const SUMMON_NAME_MIN = 3;
export const SUMMON_NAME_MAX = 50;
export const SUMMON_BONUS_POINTS = 10;
export const SUMMON_REVEAL_MS = 2500;
/** Each summoned stat is its rarity base plus a roll from 0 to this. */
export const SUMMON_STAT_SPREAD = 2;

/** Percent weights; each table sums to 100. */
export type RarityTable = readonly (readonly [SummonRarity, number])[];
export const SINGLE_SUMMON_RATES: RarityTable = [
  ["common", 50],
  ["uncommon", 35],
  ["rare", 15],
];
export const TEN_SUMMON_RATES: RarityTable = [
  ["common", 45],
  ["uncommon", 30],
  ["rare", 15],
  ["legendary", 10],
];
/** The rarity the last of ten becomes when none of the ten rolled it. */
export const TEN_SUMMON_GUARANTEE: SummonRarity = "legendary";
/**
 * The single summon's pity (docs/game-rules.md): the 10th single summon in a row without a rare is a rare. Only
 * single summons count, either way: the 10x has its own guarantee.
 */
export const SINGLE_SUMMON_PITY = 10;
export const SINGLE_SUMMON_PITY_RARITY: SummonRarity = "rare";

export const RARITY_BASE_STAT: Readonly<Record<BotRarity, number>> = {
  common: 8,
  uncommon: 10,
  rare: 12,
  legendary: 15,
  diamond: 18,
};

// Energy and training
export const ENERGY_REGEN_PER_MINUTE = 1;
export const ENERGY_REGEN_INTERVAL_MS = 60_000;
export const TRAINING_ENERGY_PER_POINT = 5;
export const POINTS_PER_LEVEL = 5;
export const XP_PER_LEVEL = 100;

// Battles
export const AI_BATTLE_ENERGY = 15;
export const PVP_BATTLE_ENERGY = 20;
export const BATTLE_MAX_ROUNDS = 50;
export const BASE_HP = 100;
export const HP_PER_DEFENSE = 2;
export const MIN_DAMAGE = 5;
export const STRENGTH_DAMAGE_FACTOR = 1.5;
export const AGILITY_DAMAGE_FACTOR = 0.5;
/** Share of max HP a heal ultimate restores when the weapon gives no power. */
export const DEFAULT_HEAL_POWER = 0.2;
/** Multiplier a damage or special ultimate uses when the weapon gives no power. */
export const DEFAULT_ULTIMATE_POWER = 1.5;
/** Share of ordinary hits that carry the attacker's element (fire, ice, lightning) for the animation. */
export const ELEMENTAL_HIT_CHANCE = 0.3;

// AI opponents
export const AI_LEVEL_SPREAD = 1;
export const AI_MIN_LEVEL = 1;
export const AI_BASE_STAT = 8;
export const AI_STAT_PER_LEVEL = 2;
export const AI_STAT_SPREAD = 4;

// Rewards
export const XP_WIN_BASE = 50;
export const XP_WIN_PER_OPPONENT_LEVEL = 10;
export const XP_LOSS = 10;

// Durability and repair
export const DURABILITY_LOSS_WIN = 2;
export const DURABILITY_LOSS_LOSS = 5;
/** Coins per missing durability percent. */
export const REPAIR_COST_PER_PERCENT = 5;

// PvP
export const PVP_OPPONENT_LIST_SIZE = 10;
/** Wallets below this are safe from PvP: their owners cannot be attacked and pay nothing on a loss. */
export const PVP_SAFE_WALLET = 100;
export const PVP_STAKE_PERCENT = 10;

// Leaderboard
export const LEADERBOARD_SIZE = 100;
export const PODIUM_SIZE = 3;

// Vault and cash-out
export const VAULT_DAILY_DEPOSIT_LIMIT = 500;
export const CASHOUT_GAMERTAG_MAX = 35;
export const CASHOUT_PROCESSING_HOURS: readonly [number, number] = [24, 48];

// Fusion
/** The fusion ladder; a fusion moves one rung up it. */
export const RARITY_LADDER: readonly BotRarity[] = ["common", "uncommon", "rare", "legendary", "diamond"];
/** Rarities that cannot be fused: rare (legendary comes only from summons) and diamond (nothing above). */
export const UNFUSABLE_RARITIES: readonly BotRarity[] = ["rare", "diamond"];
export const FUSION_LEGENDARY_MIN_LEVEL = 25;
/** Fused stats are floor(sum × percent / 100); kept as a percent so the arithmetic stays exact. */
export const FUSION_STAT_PERCENT = 80;
export const FUSION_DIAMOND_STAT_PERCENT = 100;
export const FUSION_STAT_FACTOR = FUSION_STAT_PERCENT / 100;
export const FUSION_DIAMOND_STAT_FACTOR = FUSION_DIAMOND_STAT_PERCENT / 100;
export const IMAGE_LIBRARY_PICK_LIMIT = 100;

// Marketplace and shop
export const MIN_LISTING_PRICE = 1;
export const ENERGY_CELL_PRICE = 100;
export const REPAIR_KIT_PRICE = 150;

// Tournaments
export const TOURNAMENT_ENTRY_FEE = 150;
/** Player-mode split of the pool, in percent; the house keeps what the floors leave over. */
export const TOURNAMENT_SPLIT_PERCENT = { first: 60, second: 20, third: 10, house: 10 } as const;
export const TOURNAMENT_ADMIN_REWARDS = { first: 1000, second: 500, third: 250 } as const;
export const TOURNAMENT_MIN_PLAYERS = 2;
export const TOURNAMENT_MAX_PLAYERS = 16;
/** The admin may set min and max players anywhere in 2..256. */
export const TOURNAMENT_PLAYERS_LIMIT = 256;
/** Registration lasts 1 minute to 7 days; each round's battles stay live 1 second to 1 hour. */
export const TOURNAMENT_REGISTRATION_MINUTES_MAX = 7 * 24 * 60;
export const TOURNAMENT_ROUND_SECONDS_MAX = 3600;
/** A repeating tournament opens its successor every 1 to 168 hours. */
export const TOURNAMENT_REPEAT_HOURS_MAX = 168;
export const TOURNAMENT_NAME_MAX = 50;
export const SPECTATOR_MODE_DEFAULT = true;
export const COUNTDOWN_REFRESH_MS = 1000;

// Guilds and guild wars
export const GUILD_CREATION_COST = 100;
export const GUILD_NAME_MAX = 30;
export const GUILD_TAG_MAX = 5;
export const GUILD_DESCRIPTION_MAX = 200;
export const GUILD_MAX_MEMBERS = 20;
export const GUILD_WAR_ELIGIBILITY_BANK = 500;
export const GUILDS_PER_WAR = 8;
/** After a war its guilds rest this long (GUILD_WAR_REST_HOURS) before they are enlisted again. */
export const GUILD_WAR_REST_HOURS = 20;
/** The input hint's maximum, and the house rule's limit on one donation (1..1000 whole coins). */
export const GUILD_DONATION_HINT_MAX = 1000;
export const GUILD_DONATION_MAX = GUILD_DONATION_HINT_MAX;
export const GUILD_RECENT_CONTRIBUTIONS = 10;
/** The default place rewards of a war, created by the house into the winners' banks (the admin may change them). */
export const GUILD_WAR_REWARDS = { first: 2000, second: 1000, third: 500 } as const;
/**
 * The stake each guild paid from its bank into the pool of a war opened before issue 26 (8 x 500 = 4000, 3500 in
 * prizes, 500 to the house). Wars opened since cost nothing; the old ones finish paying from their pool.
 */
export const GUILD_WAR_STAKE = 500;
/** How many of a guild's strongest active bots fight for it, one duel each against the other guild's. */
export const GUILD_WAR_ROSTER_SIZE = 5;

// Customization
export const RECUSTOMIZE_RENAME_COST = 5;
export const RECUSTOMIZE_COLOR_COST = 5;

// Chat
export const CHAT_MESSAGE_MAX = 200;
export const CHAT_HISTORY_SIZE = 50;

// Admin
export const ADMIN_GRANT_COINS_DEFAULT = 1000;
export const ADMIN_GRANT_COINS_MIN = 1;
/** An image-library slot with fewer available images than this is flagged low. */
export const IMAGE_LIBRARY_LOW_THRESHOLD = 10;
export const IMAGES_PER_GENERATION = 1;
export const IMAGE_LIBRARY_RARITIES: readonly BotRarity[] = RARITY_LADDER;

// Music player
export const MUSIC_VOLUME_DEFAULT = 70;
export const MUSIC_VOLUME_MIN = 0;
export const MUSIC_VOLUME_MAX = 100;
export const MUSIC_VOLUME_STEP = 1;

export const BOT_MODELS: readonly BotModel[] = [
  {
    name: "Striker X-1",
    type: "Offensive",
    description: "High-damage assault frame built to hit first and hit hard.",
    bonusStat: "strength",
  },
  {
    name: "Defender Z-9",
    type: "Tank",
    description: "Heavily plated bulwark with unmatched durability.",
    bonusStat: "defense",
  },
  {
    name: "Phantom V-7",
    type: "Speed",
    description: "Featherweight chassis with extreme mobility.",
    bonusStat: "agility",
  },
  {
    name: "Nova S-4",
    type: "Tactical",
    description: "Advanced combat processor that outthinks its rivals.",
    bonusStat: "intelligence",
  },
  {
    name: "Eclipse R-2",
    type: "Balanced",
    description: "Versatile all-rounder with no weak spot.",
    bonusStat: "all",
  },
];
export const BOT_MODEL_NAMES: readonly BotModelName[] = BOT_MODELS.map((m) => m.name);

export const CREATION_COLOR_SCHEMES: readonly ColorScheme<CreationColorSchemeName>[] = [
  { name: "Cyber Blue", primary: "#00d4ff", secondary: "#0057ff" },
  { name: "Neon Pink", primary: "#ff2e97", secondary: "#ff8ad0" },
  { name: "Toxic Green", primary: "#39ff14", secondary: "#0b8f3c" },
  { name: "Solar Orange", primary: "#ff8c00", secondary: "#ffd23f" },
  { name: "Void Purple", primary: "#8a2be2", secondary: "#2e0854" },
  { name: "Crimson Red", primary: "#dc143c", secondary: "#6b0014" },
  { name: "Arctic White", primary: "#f0f8ff", secondary: "#9cc7e6" },
  { name: "Shadow Black", primary: "#1c1c24", secondary: "#5a5a6e" },
];

export const CUSTOMIZATION_COLOR_SCHEMES: readonly ColorScheme<CustomizationColorSchemeName>[] = [
  { name: "Blue Steel", primary: "#4682b4", secondary: "#2c3e50" },
  { name: "Crimson", primary: "#dc143c", secondary: "#8b0000" },
  { name: "Emerald", primary: "#50c878", secondary: "#046307" },
  { name: "Violet", primary: "#8f00ff", secondary: "#4b0082" },
  { name: "Gold", primary: "#ffd700", secondary: "#b8860b" },
  { name: "Pink", primary: "#ff69b4", secondary: "#c71585" },
  { name: "Cyan", primary: "#00ffff", secondary: "#008b8b" },
  { name: "Orange", primary: "#ff8c00", secondary: "#cc5500" },
];

export const RARITIES: readonly Rarity[] = ["common", "uncommon", "rare", "epic", "legendary", "diamond"];
export const RARITY_BADGE_COLORS: Readonly<Record<Rarity, string>> = {
  common: "#9ca3af",
  uncommon: "#22c55e",
  rare: "#3b82f6",
  epic: "#a855f7",
  legendary: "#f59e0b",
  diamond: "#67e8f9",
};
