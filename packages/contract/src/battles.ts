// Stored battles: the typed event log the COMBAT ZONE animates, the two fighters as they entered the arena,
// a bot's recent battles and a replay. The events mirror the rulebook's BattleLogEntry one for one.

import { botIdOf } from "./brands";
import { z } from "./zod";

export const effectTypes = ["physical", "fire", "ice", "lightning", "heal", "ultimate"] as const;
export const effectType = z.enum(effectTypes);
export type EffectType = z.infer<typeof effectType>;

export const battleSide = z.enum(["attacker", "defender"]);
export type BattleSide = z.infer<typeof battleSide>;

export const battleKind = z.enum(["ai", "pvp", "tournament", "guild_war"]);
export type BattleKind = z.infer<typeof battleKind>;

/** One action of the battle; the client applies each through a handler keyed by its effectType. */
export const battleEvent = z.object({
  round: z.number().int(),
  /** The side that acted. */
  side: battleSide,
  actorName: z.string(),
  targetName: z.string(),
  damage: z.number().int(),
  heal: z.number().int(),
  effectType,
  /** The weapon's ultimate, named, when one fired (effectType ultimate or heal). */
  ultimateName: z.string().nullable(),
  message: z.string(),
  /** HP of both sides after this action, so a player can jump to any event. */
  attackerHp: z.number().int(),
  defenderHp: z.number().int(),
});
export type BattleEvent = z.infer<typeof battleEvent>;

export const fighterStats = z.object({
  strength: z.number().int(),
  agility: z.number().int(),
  defense: z.number().int(),
  intelligence: z.number().int(),
});
export type FighterStats = z.infer<typeof fighterStats>;

/** A bot as it was when the battle started (a snapshot: later training or renaming does not change it). */
export const battleFighter = z.object({
  /** null for an AI opponent, or once the bot is recycled. */
  botId: botIdOf().nullable(),
  isAi: z.boolean(),
  name: z.string(),
  /** The pilot's username; null for an AI opponent. */
  ownerName: z.string().nullable(),
  level: z.number().int(),
  model: z.string(),
  botClass: z.string(),
  rarity: z.string().nullable(),
  colorPrimary: z.string(),
  colorSecondary: z.string(),
  imageUrl: z.string().nullable(),
  /** The bot's own stats; the weapon's bonuses come on top in the fight. */
  stats: fighterStats,
  weaponName: z.string().nullable(),
  maxHp: z.number().int(),
});
export type BattleFighter = z.infer<typeof battleFighter>;

export const battleView = z.object({
  id: z.string(),
  kind: battleKind,
  createdAt: z.string(),
  /** The RNG seed that, with the two fighters, decides every roll of the battle. */
  seed: z.number().int(),
  attacker: battleFighter,
  defender: battleFighter,
  winner: battleSide,
  endedBy: z.enum(["knockout", "roundLimit"]),
  rounds: z.number().int(),
  events: z.array(battleEvent),
  /** The closing line: who won and how. */
  outcome: z.string(),
});
export type BattleView = z.infer<typeof battleView>;

/**
 * Where a tournament match or a war duel stands in its event, as the viewer sees it: what the COMBAT ZONE's header
 * names it, whose side the viewer is on, what the result meant, and whether spectators are counted now.
 */
export const battleContext = z.object({
  /** The match's place in its event: "SEMI-FINALS", "WINNERS ROUND 2", "ROUND 3 · [ABC] vs [XYZ]". */
  title: z.string(),
  /** The side of the viewer's own bot (a tournament) or guild (a war); null for a spectator. */
  viewerSide: battleSide.nullable(),
  /** Told under the result: "Advances to the final", "Your guild: 2 of 3 duels won". */
  meaning: z.string(),
  /** The match is being fought now (its round runs): the COMBAT ZONE counts its watchers (liveWatchChannel). */
  live: z.boolean(),
  /** The event's own live channel ("tournament:<id>", "guild-wars"), which also carries its watcher counts. */
  eventChannel: z.string(),
});
export type BattleContext = z.infer<typeof battleContext>;

/** A replay: the battle recomputed from its seed and snapshots; `verified` says it matched the stored log. */
export const battleReplay = battleView.extend({
  verified: z.boolean(),
  /** null for AI and PvP battles, which belong to no event. */
  context: battleContext.nullable(),
});
export type BattleReplay = z.infer<typeof battleReplay>;

export const battleIdParams = z.object({ id: z.string() });

export const recentBattlesQuery = z.object({ botId: z.string().trim().min(1) });

/** One line of a bot's history, seen from that bot's side. */
export const battleSummary = z.object({
  id: z.string(),
  kind: battleKind,
  createdAt: z.string(),
  side: battleSide,
  won: z.boolean(),
  opponentName: z.string(),
  opponentLevel: z.number().int(),
  opponentIsAi: z.boolean(),
  rounds: z.number().int(),
  /** XP the attacking bot earned; defenders earn none. */
  xpGained: z.number().int(),
  /** Coins that changed hands (PvP); positive when this bot's owner received them. */
  coinsDelta: z.number().int(),
});
export type BattleSummary = z.infer<typeof battleSummary>;

export const recentBattles = z.object({ battles: z.array(battleSummary) });
export type RecentBattles = z.infer<typeof recentBattles>;

export const RECENT_BATTLES_LIMIT = 10;

export const battleMessages = {
  notFound: "Battle not found",
} as const;

export const battleRoutes = {
  recentBattles: {
    method: "GET",
    path: "/api/battles",
    summary: "The last 10 battles of one of the player's bots, newest first",
    auth: "player",
    query: recentBattlesQuery,
    response: recentBattles,
  },
  battleReplay: {
    method: "GET",
    path: "/api/battles/:id",
    summary: "A stored battle, recomputed from its seed and snapshots, for any signed-in player to watch",
    auth: "player",
    params: battleIdParams,
    response: battleReplay,
  },
} as const;
