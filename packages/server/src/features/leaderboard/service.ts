// The leaderboard: the top 100 bots by wins, then XP. The order matches bots_leaderboard_idx
// (wins desc, xp desc), so the database reads 100 index entries however many bots there are.
import type { Leaderboard } from "@bot-arena/contract";
import { LEADERBOARD_SIZE } from "@bot-arena/game";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { bots, profiles } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;

/** The query on its own, so the bench can EXPLAIN exactly what the route runs. */
export const topBotsQuery = (db: Db) =>
  db
    .select({
      botId: bots.id,
      userId: bots.userId,
      name: bots.name,
      level: bots.level,
      wins: bots.wins,
      xp: bots.xp,
      rarity: bots.rarity,
      ownerName: profiles.username,
    })
    .from(bots)
    .innerJoin(profiles, eq(profiles.id, bots.userId))
    .orderBy(desc(bots.wins), desc(bots.xp))
    .limit(LEADERBOARD_SIZE);

export function createLeaderboardService(deps: { db: Db }) {
  return {
    async top(viewerId: UserId): Promise<Leaderboard> {
      const rows = await topBotsQuery(deps.db);
      return {
        entries: rows.map(({ userId, ...row }, index) => ({
          ...row,
          rank: index + 1,
          isYou: userId === viewerId,
        })),
      };
    },
  };
}
