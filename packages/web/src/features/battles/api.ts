// Battle history from the server: a bot's recent battles and one battle's replay.
import { useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

/** Where a battle can be watched again (and shared). */
export const replayRoute = (id: string) => `/battles/${id}`;

export function useRecentBattles(botId: string) {
  return useQuery({
    queryKey: [...queryKeys.battles, "recent", botId],
    queryFn: ({ signal }) => call("recentBattles", { query: { botId } }, signal),
    select: (data) => data.battles,
  });
}

export function useBattleReplay(id: string) {
  return useQuery({
    queryKey: [...queryKeys.battles, "replay", id],
    queryFn: ({ signal }) => call("battleReplay", { params: { id } }, signal),
    // A stored battle never changes; what it meant in its event does, until its round is over.
    staleTime: (query) => (query.state.data?.context?.live ? 0 : Number.POSITIVE_INFINITY),
  });
}
