// The leaderboard: the top 100 bots by wins, then XP, each owner with its latest PvP season title. The order matches bots_leaderboard_idx
// (wins desc nulls last, xp desc nulls last), so the database reads 100 index entries however many bots
// there are.
import type { Leaderboard, LeaderboardEntry } from "@bot-arena/contract";
import { LEADERBOARD_SIZE } from "@bot-arena/game";
import { and, count, eq, gt, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { bots, profiles } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { latestTitles } from "../seasons/standings";

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;

const rankedBots = (db: Db, filter?: SQL) =>
  db
    .select({
      botId: bots.id,
      userId: bots.userId,
      name: bots.name,
      level: bots.level,
      wins: bots.wins,
      xp: bots.xp,
      rarity: bots.rarity,
      imageUrl: bots.imageUrl,
      colorPrimary: bots.colorPrimary,
      colorSecondary: bots.colorSecondary,
      ownerName: profiles.username,
    })
    .from(bots)
    .innerJoin(profiles, eq(profiles.id, bots.userId))
    .where(filter)
    // NULLS LAST as the index is built: the planner only walks an index whose null order matches the query's.
    .orderBy(sql`${bots.wins} desc nulls last`, sql`${bots.xp} desc nulls last`);

/** The route's query on its own, so the bench can EXPLAIN exactly what the route runs. */
export const topBotsQuery = (db: Db) => rankedBots(db).limit(LEADERBOARD_SIZE);

export function createLeaderboardService(deps: { db: Db }) {
  return {
    async top(viewerId: UserId): Promise<Leaderboard> {
      const rows = await topBotsQuery(deps.db);
      const titles = await latestTitles(deps.db, [viewerId, ...rows.map((row) => row.userId)]);
      const entries = rows.map(({ userId, ...row }, index) => ({
        ...row,
        ownerTitle: titles.get(userId) ?? null,
        rank: index + 1,
        isYou: userId === viewerId,
      }));
      const you = entries.some((entry) => entry.isYou) ? null : await viewersBest(deps.db, viewerId);
      return { entries, you: you && { ...you, ownerTitle: titles.get(viewerId) ?? null } };
    },
  };
}

/**
 * The viewer's best bot below the top 100, ranked by how many bots stand strictly above it (the same index
 * serves the count). Bots level with it share its rank.
 */
async function viewersBest(db: Db, viewerId: UserId): Promise<Omit<LeaderboardEntry, "ownerTitle"> | null> {
  const [best] = await rankedBots(db, eq(bots.userId, viewerId)).limit(1);
  if (!best) return null;
  const [above] = await db
    .select({ n: count() })
    .from(bots)
    .where(or(gt(bots.wins, best.wins), and(eq(bots.wins, best.wins), gt(bots.xp, best.xp))));
  const { userId: _, ...entry } = best;
  return { ...entry, rank: (above?.n ?? 0) + 1, isYou: true };
}
