// Battle history from the server: a bot's recent battles and one battle's replay. Paths are checked against
// the contract at compile time like app/paths.ts.

import type { BattleReplay, RecentBattles, Routes } from "@bot-arena/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../app/api";
import { withId } from "../../app/paths";
import { queryKeys } from "../../app/queryKeys";

const recent: Routes["recentBattles"]["path"] = "/api/battles";
const replay: Routes["battleReplay"]["path"] = "/api/battles/:id";

export const battlePaths = {
  recent: (botId: string) => `${recent}?botId=${encodeURIComponent(botId)}`,
  replay: (id: string) => withId(replay, id),
};

/** Where a battle can be watched again (and shared). */
export const replayRoute = (id: string) => `/battles/${id}`;

export function useRecentBattles(botId: string) {
  return useQuery({
    queryKey: [...queryKeys.battles, "recent", botId],
    queryFn: ({ signal }) => api.get<RecentBattles>(battlePaths.recent(botId), signal),
    select: (data) => data.battles,
  });
}

export function useBattleReplay(id: string) {
  return useQuery({
    queryKey: [...queryKeys.battles, "replay", id],
    queryFn: ({ signal }) => api.get<BattleReplay>(battlePaths.replay(id), signal),
    // A stored battle never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
