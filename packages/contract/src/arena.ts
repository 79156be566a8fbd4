// The arena: finding an AI opponent, the PvP opponent list and the two battle calls. A battle answers the
// spec's pvp-battle fields (battleLog as text lines, won, leveledUp, newLevel, pointsGained) plus the full
// typed log, so the client animates exactly what the server decided.
import { messages, PVP_SAFE_WALLET } from "@bot-arena/game";
import { battleView, fighterStats } from "./battles";
import { z } from "./zod";

/**
 * The player's odds in a battle about to be fought, from the rulebook's estimate (2,000 seeded battles of the
 * two fighters as they stand): `percent` is what the screen shows.
 */
export const winChance = z.object({
  probability: z.number().min(0).max(1),
  percent: z.number().int().min(0).max(100),
});
export type WinChance = z.infer<typeof winChance>;

/** The opponent the server rolled and keeps for this player's next AI battle. */
export const aiOpponent = z.object({
  name: z.string(),
  model: z.string(),
  botClass: z.string(),
  level: z.number().int(),
  stats: fighterStats,
  maxHp: z.number().int(),
  colorPrimary: z.string(),
  colorSecondary: z.string(),
  imageUrl: z.string().nullable(),
  /** The active bot's chance to beat this opponent, weapon included. */
  winChance,
});
export type AiOpponent = z.infer<typeof aiOpponent>;

/** The opponent kept for the player's next AI battle, or null when none is waiting. */
export const aiOpponentResponse = z.object({ opponent: aiOpponent.nullable() });
export type AiOpponentResponse = z.infer<typeof aiOpponentResponse>;

export const pvpOpponent = z.object({
  id: z.string(),
  name: z.string(),
  level: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  ownerName: z.string(),
  rarity: z.string(),
  imageUrl: z.string().nullable(),
  colorPrimary: z.string(),
  colorSecondary: z.string(),
});
export type PvpOpponent = z.infer<typeof pvpOpponent>;

export const pvpOpponentList = z.object({
  opponents: z.array(pvpOpponent),
  /** Why this player cannot challenge anyone right now (a wallet under 100), or null when they can. */
  cannotChallenge: z.string().nullable(),
  /** The player's own shield (ISO time), or null: attacking ends it, and the challenge says so first. */
  shieldUntil: z.string().nullable(),
});
export type PvpOpponentList = z.infer<typeof pvpOpponentList>;

export const pvpTargetParams = z.object({ id: z.string() });

/** The active bot's chance to beat one other player's bot, asked for when the player picks it. */
export const pvpWinChanceResponse = z.object({ defenderId: z.string(), winChance });
export type PvpWinChanceResponse = z.infer<typeof pvpWinChanceResponse>;

export const pvpBattleBody = z.object({
  defenderId: z.string({ error: messages.selectOpponent }).trim().min(1, messages.selectOpponent),
  /** The raid (its battle id) this challenge avenges, from the defense log. */
  revengeOf: z.string().optional(),
});
export type PvpBattleBody = z.infer<typeof pvpBattleBody>;

/** The player's bot after the battle: every field the battle wrote. */
export const botProgress = z.object({
  id: z.string(),
  energy: z.number().int(),
  maxEnergy: z.number().int(),
  xp: z.number().int(),
  level: z.number().int(),
  availablePoints: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  durability: z.number().int(),
  maxDurability: z.number().int(),
});
export type BotProgress = z.infer<typeof botProgress>;

export const battleOutcome = z.object({
  /** The battle as stored, with its typed event log; open it again at /battles/<id>. */
  battle: battleView,
  /** The battle as text lines, last line the result. */
  battleLog: z.array(z.string()),
  won: z.boolean(),
  xpGained: z.number().int(),
  leveledUp: z.boolean(),
  newLevel: z.number().int(),
  pointsGained: z.number().int(),
  /** Coins the player received (positive) or paid (negative); always 0 against the AI. */
  coinsDelta: z.number().int(),
  newCoinBalance: z.number().int(),
  bot: botProgress,
});
export type BattleOutcome = z.infer<typeof battleOutcome>;

/** Refusals of the arena that the rulebook does not word. */
export const arenaMessages = {
  opponentUnavailable: "This opponent is no longer available",
  challengerWalletTooLow: `You need at least ${PVP_SAFE_WALLET} coins in your wallet for PvP`,
} as const;

export const arenaRoutes = {
  currentAiOpponent: {
    method: "GET",
    path: "/api/arena/ai/opponent",
    summary: "The AI opponent waiting for the player's next AI battle, if any",
    auth: "player",
    response: aiOpponentResponse,
  },
  findAiOpponent: {
    method: "POST",
    path: "/api/arena/ai/opponent",
    summary: "Roll an AI opponent (level within one of the active bot's) and keep it for the next AI battle",
    auth: "player",
    response: aiOpponentResponse,
  },
  aiBattle: {
    method: "POST",
    path: "/api/arena/ai/battle",
    summary: "Fight the kept AI opponent with the active bot (15 energy)",
    auth: "player",
    response: battleOutcome,
  },
  pvpOpponents: {
    method: "GET",
    path: "/api/arena/pvp/opponents",
    summary:
      "Up to 10 other players' bots nearest the active bot's level, of pilots within a rating window (widening when few are near) with at least 100 wallet coins, never shielded, at their daily defense cap, attacked by the player in the last 24 hours or linked to the player",
    auth: "player",
    response: pvpOpponentList,
  },
  pvpWinChance: {
    method: "GET",
    path: "/api/arena/pvp/opponents/:id/win-chance",
    summary: "The active bot's estimated chance to beat another player's bot (2,000 seeded battles)",
    auth: "player",
    params: pvpTargetParams,
    response: pvpWinChanceResponse,
  },
  pvpBattle: {
    method: "POST",
    path: "/api/arena/pvp/battle",
    summary:
      "Challenge another player's bot with the active bot (20 energy); the loser's owner pays the stake",
    auth: "player",
    body: pvpBattleBody,
    response: battleOutcome,
  },
} as const;
