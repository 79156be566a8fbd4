// The leaderboard query.
import { useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export function useLeaderboard() {
  return useQuery({
    queryKey: queryKeys.leaderboard,
    queryFn: ({ signal }) => call("leaderboard", {}, signal),
    refetchInterval: 30_000,
  });
}
