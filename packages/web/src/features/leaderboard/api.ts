// The leaderboard query.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const leaderboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.leaderboard,
    queryFn: ({ signal }) => call("leaderboard", {}, signal),
    refetchInterval: 30_000,
  });

export const useLeaderboard = () => useQuery(leaderboardQuery());
