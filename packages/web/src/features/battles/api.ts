// Battle history from the server: a bot's recent battles and one battle's replay.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

/** Where a battle can be watched again (and shared). */
export const replayRoute = (id: string) => `/battles/${id}`;

export const recentBattlesQuery = (botId: string) =>
  queryOptions({
    queryKey: queryKeys.recentBattles(botId),
    queryFn: ({ signal }) => call("recentBattles", { query: { botId } }, signal),
    select: (data) => data.battles,
  });

export const battleReplayQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.battleReplay(id),
    queryFn: ({ signal }) => call("battleReplay", { params: { id } }, signal),
    // A stored battle never changes; what it meant in its event does, until its round is over.
    staleTime: (query) => (query.state.data?.context?.live ? 0 : Number.POSITIVE_INFINITY),
  });

export const useRecentBattles = (botId: string) => useQuery(recentBattlesQuery(botId));

export const useBattleReplay = (id: string) => useQuery(battleReplayQuery(id));
