// The running PvP season (its ladder beside the Top 100) and a closed season's standings.
import { seasonPage } from "@bot-arena/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

/** The season's end page; the same address its reward alert links to. */
export const seasonRoute = seasonPage;

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
