// Guild wars from the server, refreshed by the `guild-wars` live channel whenever a war or its guilds change.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { useLiveChannel } from "../../app/useLive";
import { recordWatching } from "../battles/watching";

export const guildWarsQuery = () =>
  queryOptions({
    queryKey: queryKeys.guildWars.all,
    queryFn: ({ signal }) => call("guildWars", {}, signal),
  });

export const guildWarQuery = (id: string | null) =>
  queryOptions({
    queryKey: queryKeys.guildWars.one(id ?? ""),
    queryFn: ({ signal }) => call("guildWar", { params: { id: id ?? "" } }, signal),
    enabled: id !== null,
  });

export function useGuildWars() {
  const queryClient = useQueryClient();
  // Watcher counts of live duels ride on the channel too; they change nothing to refetch (battles/watching.tsx).
  useLiveChannel("guild-wars", (event) => {
    if (!recordWatching(queryClient, event))
      void queryClient.invalidateQueries({ queryKey: queryKeys.guildWars.all });
  });
  return useQuery(guildWarsQuery());
}

export const useGuildWar = (id: string | null) => useQuery(guildWarQuery(id));

/** The guild leaderboard; the page's `guild-wars` channel refreshes it with the wars (a key under theirs). */
export const guildLeaderboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.guildWars.leaderboard,
    queryFn: ({ signal }) => call("guildLeaderboard", {}, signal),
  });

export const useGuildLeaderboard = () => useQuery(guildLeaderboardQuery());

/** A war's card on /guild-wars (a war's line in a guild's chat links here). */
export const warCardRoute = (id: string) => `/guild-wars#war-${id}`;
