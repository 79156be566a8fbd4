// The player's summon history, a page at a time; the page shown stays until the next one arrives.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const summonHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.summonHistory(page),
    queryFn: ({ signal }) => call("summonHistory", { query: { page } }, signal),
    placeholderData: keepPreviousData,
  });

export const useSummonHistory = (page: number) => useQuery(summonHistoryQuery(page));
