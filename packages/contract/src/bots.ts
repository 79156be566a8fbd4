// Bots: the roster's shape, creating the first bot, summoning, naming, allocating, roster actions, training
// and the summon history. Messages come from the rulebook so the server and the forms say the same words.
import {
  BOT_CLASSES,
  BOT_MODEL_NAMES,
  CREATION_COLOR_SCHEMES,
  messages,
  RARITIES,
  STAT_NAMES,
  type StatName,
  SUMMON_SINGLE_COUNT,
  SUMMON_TEN_COUNT,
} from "@bot-arena/game";
import { botIdOf } from "./brands";
import { z } from "./zod";

const rarity = z.enum(RARITIES as [string, ...string[]]);

/**
 * Where a bot stands in the summon flow: "name" until its owner names it, then "allocate" until the 10 bonus
 * points are placed; null once it is ready. Derived from the row (see features/bots/setup-stage.ts).
 */
export const setupStage = z.enum(["name", "allocate"]).nullable();
export type SetupStage = z.infer<typeof setupStage>;

export const bot = z.object({
  id: botIdOf(),
  name: z.string(),
  model: z.string(),
  botClass: z.enum(BOT_CLASSES as [string, ...string[]]),
  rarity,
  level: z.number().int(),
  xp: z.number().int(),
  /** Regenerated up to the moment the server answered. */
  energy: z.number().int(),
  maxEnergy: z.number().int(),
  /** ISO time the current, not yet complete, energy minute started (for a "next point in" countdown). */
  lastEnergyUpdate: z.string(),
  isActive: z.boolean(),
  wins: z.number().int(),
  losses: z.number().int(),
  strength: z.number().int(),
  agility: z.number().int(),
  defense: z.number().int(),
  intelligence: z.number().int(),
  availablePoints: z.number().int(),
  statPointsAllocated: z.boolean(),
  durability: z.number().int(),
  maxDurability: z.number().int(),
  colorPrimary: z.string(),
  colorSecondary: z.string(),
  imageUrl: z.string().nullable(),
  equippedWeaponId: z.string().nullable(),
  /** On the marketplace: such a bot cannot be recycled, refreshed, activated or renamed until unlisted. */
  isListed: z.boolean(),
  setupStage,
  /** Customized at least once: the next customization costs 5 coins a rename and 5 a colour change. */
  isCustomized: z.boolean(),
  createdAt: z.string(),
});
export type Bot = z.infer<typeof bot>;

export const botList = z.object({ bots: z.array(bot) });
export type BotList = z.infer<typeof botList>;

export const botIdParams = z.object({ id: z.string() });

const creationStat = z.number({ error: messages.creationStatOutOfRange });

/** Shapes only; the rulebook's validateBotCreation decides (stats before name, as the spec lists them). */
export const createBotBody = z.object({
  name: z.string({ error: messages.enterBotName }),
  model: z.enum(BOT_MODEL_NAMES as [string, ...string[]], { error: messages.unknownModel }),
  colorScheme: z.enum(CREATION_COLOR_SCHEMES.map((s) => s.name) as [string, ...string[]], {
    error: messages.unknownColorScheme,
  }),
  strength: creationStat,
  agility: creationStat,
  defense: creationStat,
  intelligence: creationStat,
});
export type CreateBotBody = z.infer<typeof createBotBody>;

/** The image preview on /create-bot: the same generator as a stored image, nothing stored. */
export const botPreviewQuery = z.object({
  name: z.string().max(60).default(""),
  model: z.enum(BOT_MODEL_NAMES as [string, ...string[]], { error: messages.unknownModel }),
  colorScheme: z.enum(CREATION_COLOR_SCHEMES.map((s) => s.name) as [string, ...string[]], {
    error: messages.unknownColorScheme,
  }),
});
export type BotPreviewQuery = z.infer<typeof botPreviewQuery>;

export const summonBody = z.object({
  count: z.union([z.literal(SUMMON_SINGLE_COUNT), z.literal(SUMMON_TEN_COUNT)], {
    error: messages.invalidSummonCount,
  }),
});
export type SummonBody = z.infer<typeof summonBody>;

export const summonResponse = z.object({ newCoinBalance: z.number().int(), botIds: z.array(z.string()) });
export type SummonResponse = z.infer<typeof summonResponse>;

export const nameBotBody = z.object({ name: z.string({ error: messages.summonNameLength }) });
export type NameBotBody = z.infer<typeof nameBotBody>;

const bonusStat = z.number({ error: messages.bonusPointsInvalid });
export const allocateBody = z.object({
  strength: bonusStat,
  agility: bonusStat,
  defense: bonusStat,
  intelligence: bonusStat,
});
export type AllocateBody = z.infer<typeof allocateBody>;

export const renameBody = z.object({ name: z.string({ error: messages.enterValidName }) });
export type RenameBody = z.infer<typeof renameBody>;

export const renameResponse = z.object({ newName: z.string(), newCoinBalance: z.number().int() });
export type RenameResponse = z.infer<typeof renameResponse>;

export const refreshResponse = z.object({
  message: z.string(),
  newCoinBalance: z.number().int(),
  updatedBot: bot,
});
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const recycleResponse = z.object({ message: z.string(), newCoinBalance: z.number().int() });
export type RecycleResponse = z.infer<typeof recycleResponse>;

export const botsMessages = {
  unknownStat: "Please choose strength, agility, defense or intelligence",
  alreadyHasBot: "You already have a bot. Summon more on the Summon page.",
  botListed: "This bot is listed on the marketplace. Unlist it first.",
  alreadyNamed: "This bot already has a name",
  nameFirst: "Name your bot first",
  alreadyAllocated: "This bot's bonus points are already allocated",
  placeholderName: "Please choose a name of your own",
  summonBusy: "Your other summons are still arriving. Try again in a moment.",
} as const;

export const trainBody = z.object({
  stat: z.enum(STAT_NAMES as [StatName, ...StatName[]], { error: botsMessages.unknownStat }),
});
export type TrainBody = z.infer<typeof trainBody>;

/** A roster action that answers with the spec's toast text and the bot as it now stands. */
export const botActionResponse = z.object({ message: z.string(), bot });
export type BotActionResponse = z.infer<typeof botActionResponse>;

export const summonRoll = z.object({
  id: z.string(),
  createdAt: z.string(),
  mode: z.enum(["single", "ten"]),
  rarity,
  /** null once the bot is recycled or sold on. */
  botId: botIdOf().nullable(),
  botName: z.string().nullable(),
});
export type SummonRoll = z.infer<typeof summonRoll>;

export const summonHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export const summonHistory = z.object({
  rolls: z.array(summonRoll),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Every roll of the player, by rarity and mode, beside the published odds. */
  counts: z.object({
    single: z.record(z.string(), z.number().int()),
    ten: z.record(z.string(), z.number().int()),
  }),
  /** The single summon's pity: single summons until one is a rare at least (1: the next one is). */
  singleSummonsUntilRare: z.number().int().min(1),
});
export type SummonHistory = z.infer<typeof summonHistory>;

export const botRoutes = {
  listBots: {
    method: "GET",
    path: "/api/bots",
    summary: "The player's roster, newest first, energy regenerated",
    auth: "player",
    response: botList,
  },
  createBot: {
    method: "POST",
    path: "/api/bots",
    summary: "Create the player's first bot (free, common, level 1, active)",
    auth: "player",
    body: createBotBody,
    response: bot,
  },
  previewBot: {
    method: "GET",
    path: "/api/bots/preview.svg",
    summary: "The mecha image a bot with this name, model and colours would get (SVG, not stored)",
    auth: "player",
    query: botPreviewQuery,
    response: z.string(),
  },
  summonBots: {
    method: "POST",
    path: "/api/bots/summon",
    summary: "Summon 1 (500 coins) or 10 (5000 coins) bots",
    auth: "player",
    body: summonBody,
    response: summonResponse,
  },
  nameBot: {
    method: "POST",
    path: "/api/bots/:id/name",
    summary: "Name a freshly summoned or fused bot (3 to 50 characters)",
    auth: "player",
    params: botIdParams,
    body: nameBotBody,
    response: bot,
  },
  allocateBot: {
    method: "POST",
    path: "/api/bots/:id/allocate",
    summary: "Place a summoned bot's 10 bonus points",
    auth: "player",
    params: botIdParams,
    body: allocateBody,
    response: bot,
  },
  activateBot: {
    method: "POST",
    path: "/api/bots/:id/activate",
    summary: "Make this bot the active one",
    auth: "player",
    params: botIdParams,
    response: botActionResponse,
  },
  renameBot: {
    method: "POST",
    path: "/api/bots/:id/rename",
    summary: "Rename a bot for 5 coins",
    auth: "player",
    params: botIdParams,
    body: renameBody,
    response: renameResponse,
  },
  refreshBot: {
    method: "POST",
    path: "/api/bots/:id/refresh",
    summary: "Re-roll a bot's rarity, stats and image for 250 coins",
    auth: "player",
    params: botIdParams,
    response: refreshResponse,
  },
  trainBot: {
    method: "POST",
    path: "/api/bots/:id/train",
    summary: "Turn one available point into one stat point for 5 energy",
    auth: "player",
    params: botIdParams,
    body: trainBody,
    response: botActionResponse,
  },
  recycleBot: {
    method: "DELETE",
    path: "/api/bots/:id",
    summary: "Recycle a bot that is not active for +250 coins",
    auth: "player",
    params: botIdParams,
    response: recycleResponse,
  },
  summonHistory: {
    method: "GET",
    path: "/api/summons",
    summary: "The player's summon rolls, newest first, paged, with counts per rarity",
    auth: "player",
    query: summonHistoryQuery,
    response: summonHistory,
  },
} as const;
