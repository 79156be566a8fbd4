// Landing-page counters from real data (the original showed random placeholders).
import type { LandingStats } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import { type Db, rowsOf } from "../../platform/db/database";

export type StatsService = ReturnType<typeof createStatsService>;

export function createStatsService(deps: { db: Db; clock: Clock }) {
  return {
    async landing(): Promise<LandingStats> {
      const hourAgo = new Date(deps.clock.now().getTime() - 60 * 60_000).toISOString();
      const result = await deps.db.execute(sql`
        select
          (select count(*) from battles where created_at > ${hourAgo}) as "battlesLastHour",
          (select count(*) from battles where created_at > ${hourAgo} and kind = 'pvp') as "pvpBattlesLastHour",
          (select count(*) from tournaments where status in ('pending', 'active')) as "openTournaments",
          (select count(*) from guild_wars where status in ('registration', 'battle')) as "activeGuildWars",
          (select count(*) from profiles) as "players"`);
      const row = rowsOf<Record<keyof LandingStats, string | number>>(result)[0]!;
      return {
        battlesLastHour: Number(row.battlesLastHour),
        pvpBattlesLastHour: Number(row.pvpBattlesLastHour),
        openTournaments: Number(row.openTournaments),
        activeGuildWars: Number(row.activeGuildWars),
        players: Number(row.players),
      };
    },
  };
}
