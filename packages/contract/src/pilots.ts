// Pilots' PvP side: a pilot's profile (rating, record, recent battles) and the player's defense log (who raided
// which bot, what it moved, Replay and Revenge).
import { seasonBadge } from "./seasons";
import { z } from "./zod";

const rating = {
  /** Whole points, floored as shown. */
  rating: z.number().int(),
  /** The deviation at the moment of the answer (it grows while the pilot is idle), whole points. */
  deviation: z.number().int(),
  /** Deviation 110 or more: the rating is shown with '?'. */
  provisional: z.boolean(),
};

export const pilotRecord = z.object({ wins: z.number().int(), losses: z.number().int() });

export const pilotBattle = z.object({
  battleId: z.string(),
  createdAt: z.string(),
  /** The pilot's side: it attacked, or was attacked. */
  role: z.enum(["attacker", "defender"]),
  won: z.boolean(),
  opponentName: z.string().nullable(),
  botName: z.string(),
  opponentBotName: z.string(),
  /** The pilot's rating change, whole points (0 when not rated). */
  ratingDelta: z.number().int(),
  coinsMoved: z.number().int(),
});
export type PilotBattle = z.infer<typeof pilotBattle>;

export const pilotProfile = z.object({
  username: z.string(),
  ...rating,
  /** The pilot's place on the running season's ladder; null while it is not on it. */
  seasonRank: z.number().int().nullable(),
  /** The latest season title it holds ('Season 3 Champion'), or null. */
  title: z.string().nullable(),
  /** Its top-10 finishes, newest season first. */
  badges: z.array(seasonBadge),
  record: pilotRecord,
  /** Attacks on the pilot are refused until then (ISO time), or null. */
  shieldUntil: z.string().nullable(),
  recentBattles: z.array(pilotBattle),
});
export type PilotProfile = z.infer<typeof pilotProfile>;

export const pilotParams = z.object({ username: z.string() });

export const defense = z.object({
  battleId: z.string(),
  createdAt: z.string(),
  attackerName: z.string().nullable(),
  attackerBotName: z.string(),
  /** The player's bot that defended. */
  botName: z.string(),
  /** The defender (the player) won. */
  held: z.boolean(),
  /** Coins the player gained (positive) or lost (negative). */
  coinsDelta: z.number().int(),
  ratingDelta: z.number().int(),
  /** The attacker's bot to strike back at while revenge is open (24 hours, once), else null. */
  revengeBotId: z.string().nullable(),
  /** Revenge is open until then (ISO time), or null when it is closed or taken. */
  revengeUntil: z.string().nullable(),
  avenged: z.boolean(),
});
export type Defense = z.infer<typeof defense>;

export const defenseLog = z.object({
  defenses: z.array(defense),
  /** The player's own shield (ISO time), or null. */
  shieldUntil: z.string().nullable(),
});
export type DefenseLog = z.infer<typeof defenseLog>;

/** Refusals of the pilots' pages. */
export const pilotMessages = { notFound: "No pilot by that name" } as const;

export const pilotRoutes = {
  pilotProfile: {
    method: "GET",
    path: "/api/pilots/:username",
    summary: "A pilot's PvP profile: rating, deviation, season rank, record, shield and recent battles",
    auth: "player",
    params: pilotParams,
    response: pilotProfile,
  },
  pvpDefenses: {
    method: "GET",
    path: "/api/pvp/defenses",
    summary: "The player's defense log: the last 50 raids on their bots, with Replay and a 24-hour Revenge",
    auth: "player",
    response: defenseLog,
  },
} as const;
