// The marketplace's data and actions. The grid listens on the `marketplace` live channel, so listings that
// appear, sell or are withdrawn anywhere show at once; balances move through the `me` channel.
import type {
  BuyListingResponse,
  CreateListingBody,
  CreateListingResponse,
  MarketplaceList,
  PriceGuide,
  RecentBattles,
} from "@bot-arena/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";
import { invalidateBotsAndMe } from "../bots/useBots";
import { marketplacePaths } from "./paths";

export function useListings() {
  useLiveInvalidate("marketplace", [queryKeys.marketplace]);
  return useQuery({
    queryKey: queryKeys.marketplace,
    queryFn: ({ signal }) => api.get<MarketplaceList>(marketplacePaths.listings, signal),
    select: (data) => data.listings,
  });
}

export function usePriceGuide(bot: { rarity: string; level: number } | null) {
  return useQuery({
    queryKey: [...queryKeys.marketplace, "price-guide", bot?.rarity, bot?.level],
    queryFn: ({ signal }) =>
      api.get<PriceGuide>(marketplacePaths.priceGuide(bot!.rarity, bot!.level), signal),
    enabled: bot !== null,
    staleTime: 60_000,
  });
}

export function useListingBattles(listingId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.marketplace, "battles", listingId],
    queryFn: ({ signal }) => api.get<RecentBattles>(marketplacePaths.battles(listingId!), signal),
    enabled: listingId !== null,
    select: (data) => data.battles,
  });
}

/** After any market action: the grid, the roster and the wallet may all have changed. */
function useMarketMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.marketplace }),
        invalidateBotsAndMe(queryClient),
      ]),
  });
}

export const useCreateListing = () =>
  useMarketMutation((body: CreateListingBody) =>
    api.post<CreateListingResponse>(marketplacePaths.create, body),
  );

export const useCancelListing = () =>
  useMarketMutation((id: string) => api.delete<{ message: string }>(marketplacePaths.cancel(id)));

export const useBuyListing = () =>
  useMarketMutation((id: string) => api.post<BuyListingResponse>(marketplacePaths.buy(id)));
