// The player's summon history: every roll, newest first, a page at a time, and their counts per rarity so the
// page can set what they got beside the published odds.
import type { SummonHistory } from "@bot-arena/contract";
import {
  SINGLE_SUMMON_PITY,
  type SummonRarity,
  singlePityStreak,
  singleSummonsUntilPity,
} from "@bot-arena/game";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { bots, summonRolls } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";

export const SUMMON_HISTORY_PAGE_SIZE = 20;

/** The pity counter, read off the player's last single rolls (inside a summon, under the profile lock). */
export async function pityStreakOf(db: Db, userId: UserId): Promise<number> {
  const recent = await db
    .select({ rarity: summonRolls.rarity })
    .from(summonRolls)
    .where(and(eq(summonRolls.userId, userId), eq(summonRolls.mode, "single")))
    .orderBy(desc(summonRolls.createdAt), desc(summonRolls.id))
    .limit(SINGLE_SUMMON_PITY - 1);
  return singlePityStreak(recent.map((row) => row.rarity as SummonRarity));
}

export async function summonHistory(db: Db, userId: UserId, page: number): Promise<SummonHistory> {
  const pageSize = SUMMON_HISTORY_PAGE_SIZE;
  const [rolls, counts, streak] = await Promise.all([
    db
      .select({
        id: summonRolls.id,
        createdAt: summonRolls.createdAt,
        mode: summonRolls.mode,
        rarity: summonRolls.rarity,
        botId: summonRolls.botId,
        botName: bots.name,
      })
      .from(summonRolls)
      .leftJoin(bots, eq(bots.id, summonRolls.botId))
      .where(eq(summonRolls.userId, userId))
      .orderBy(desc(summonRolls.createdAt), desc(summonRolls.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ mode: summonRolls.mode, rarity: summonRolls.rarity, total: count() })
      .from(summonRolls)
      .where(eq(summonRolls.userId, userId))
      .groupBy(summonRolls.mode, summonRolls.rarity),
    pityStreakOf(db, userId),
  ]);
  const byMode: SummonHistory["counts"] = { single: {}, ten: {} };
  let total = 0;
  for (const row of counts) {
    const mode = row.mode === "ten" ? "ten" : "single";
    byMode[mode][row.rarity] = row.total;
    total += row.total;
  }
  return {
    rolls: rolls.map((roll) => ({
      ...roll,
      mode: roll.mode === "ten" ? "ten" : "single",
      createdAt: roll.createdAt.toISOString(),
    })),
    page,
    pageSize,
    total,
    counts: byMode,
    singleSummonsUntilRare: singleSummonsUntilPity(streak),
  };
}
