// The leaderboard: the top 100 bots by wins, then XP.
import { z } from "./zod";

export const leaderboardEntry = z.object({
  rank: z.number().int(),
  botId: z.string(),
  name: z.string(),
  level: z.number().int(),
  wins: z.number().int(),
  xp: z.number().int(),
  rarity: z.string(),
  imageUrl: z.string().nullable(),
  colorPrimary: z.string(),
  colorSecondary: z.string(),
  ownerName: z.string(),
  /** The owner's latest PvP season title ('Season 3 Champion'), or null. */
  ownerTitle: z.string().nullable(),
  /** The signed-in player's own bot: its row is marked 'You'. */
  isYou: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

export const leaderboard = z.object({
  entries: z.array(leaderboardEntry),
  /** The viewer's best bot and its rank when it is not in the top 100 (null when it is, or with no bot). */
  you: leaderboardEntry.nullable(),
});
export type Leaderboard = z.infer<typeof leaderboard>;

export const leaderboardRoutes = {
  leaderboard: {
    method: "GET",
    path: "/api/leaderboard",
    summary: "Top 100 bots ordered by wins, then XP",
    auth: "player",
    response: leaderboard,
  },
} as const;
