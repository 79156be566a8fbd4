import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const adsQuery = () =>
  queryOptions({
    queryKey: queryKeys.ads,
    queryFn: ({ signal }) => call("ads", {}, signal),
    staleTime: 5 * 60_000,
  });

export const useAds = () => useQuery(adsQuery());
