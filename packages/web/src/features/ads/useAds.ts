// The house ads for the banner slots.
import type { AdsResponse } from "@bot-arena/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../app/api";
import { paths } from "../../app/paths";
import { queryKeys } from "../../app/queryKeys";

export function useAds() {
  return useQuery({
    queryKey: queryKeys.ads,
    queryFn: ({ signal }) => api.get<AdsResponse>(paths.ads, signal),
    staleTime: 5 * 60_000,
  });
}
