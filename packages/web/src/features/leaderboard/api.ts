// The leaderboard query, its path checked against the contract at compile time.
import type { Leaderboard, Routes } from "@bot-arena/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";

const leaderboardPath: Routes["leaderboard"]["path"] = "/api/leaderboard";

export function useLeaderboard() {
  return useQuery({
    queryKey: queryKeys.leaderboard,
    queryFn: ({ signal }) => api.get<Leaderboard>(leaderboardPath, signal),
    refetchInterval: 30_000,
  });
}
