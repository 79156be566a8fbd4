// Landing counters. A public page has no live socket, so they poll.
import type { LandingStats } from "@bot-arena/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../app/api";
import { paths } from "../../app/paths";
import { queryKeys } from "../../app/queryKeys";

export function useStats() {
  return useQuery({
    queryKey: queryKeys.stats,
    queryFn: ({ signal }) => api.get<LandingStats>(paths.stats, signal),
    refetchInterval: 30_000,
  });
}
