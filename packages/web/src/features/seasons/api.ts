// The running PvP season (its ladder beside the Top 100) and a closed season's standings.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const seasonRoute = (number: number | string) => `/seasons/${number}`;

export const currentSeasonQuery = () =>
  queryOptions({
    queryKey: queryKeys.seasons.current,
    queryFn: ({ signal }) => call("pvpSeason", {}, signal),
    refetchInterval: 30_000,
  });

export const pastSeasonQuery = (number: string) =>
  queryOptions({
    queryKey: queryKeys.seasons.past(number),
    queryFn: ({ signal }) => call("pvpPastSeason", { params: { number } }, signal),
  });

export const useCurrentSeason = () => useQuery(currentSeasonQuery());
export const usePastSeason = (number: string) => useQuery(pastSeasonQuery(number));
