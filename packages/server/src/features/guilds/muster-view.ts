// The next war's muster as the pages tell it (the guild page and /guild-wars): how many guilds are enlisted now
// and how many rest after their last war. Counted from the rows the muster itself reads.
import type { WarMuster } from "@bot-arena/contract";
import { GUILDS_PER_WAR } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { guilds } from "../../platform/db/schema";

export async function readMuster(db: Db, restHours: number): Promise<WarMuster> {
  const [counts] = await db
    .select({
      ready: sql<number>`count(*) filter (where ${guilds.isEligibleForWar})::int`,
      resting: sql<number>`count(*) filter (where ${guilds.restsUntil} is not null and ${guilds.disbandedAt} is null)::int`,
    })
    .from(guilds);
  return {
    readyGuilds: counts?.ready ?? 0,
    restingGuilds: counts?.resting ?? 0,
    guildsPerWar: GUILDS_PER_WAR,
    restHours,
  };
}
