import { useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export function useAds() {
  return useQuery({
    queryKey: queryKeys.ads,
    queryFn: ({ signal }) => call("ads", {}, signal),
    staleTime: 5 * 60_000,
  });
}
