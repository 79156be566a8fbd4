import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const statsQuery = () =>
  queryOptions({
    queryKey: queryKeys.stats,
    queryFn: ({ signal }) => call("stats", {}, signal),
    refetchInterval: 30_000,
  });

export const useStats = () => useQuery(statsQuery());
