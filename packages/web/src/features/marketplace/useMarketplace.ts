// The marketplace's data and actions. The grid listens on the `marketplace` live channel, so listings that
// appear, sell or are withdrawn anywhere show at once; balances move through the `me` channel.
import type { CreateListingBody } from "@bot-arena/contract";
import type { Rarity } from "@bot-arena/game";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { LIST_REFRESH_GAP_MS } from "../../app/liveThrottle";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";
import { invalidateBotsAndMe } from "../bots/useBots";

export const listingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.marketplace,
    queryFn: ({ signal }) => call("marketplace", {}, signal),
    select: (data) => data.listings,
  });

export const priceGuideQuery = (bot: { rarity: string; level: number } | null) =>
  queryOptions({
    queryKey: queryKeys.priceGuide(bot?.rarity, bot?.level),
    queryFn: ({ signal }) =>
      // A bot's rarity is a plain string in its answer, but always one of the rulebook's.
      call("marketplacePriceGuide", { query: { rarity: bot!.rarity as Rarity, level: bot!.level } }, signal),
    enabled: bot !== null,
    staleTime: 60_000,
  });

export const listingBattlesQuery = (listingId: string | null) =>
  queryOptions({
    queryKey: queryKeys.listingBattles(listingId),
    queryFn: ({ signal }) => call("marketplaceListingBattles", { params: { id: listingId! } }, signal),
    enabled: listingId !== null,
    select: (data) => data.battles,
  });

export function useListings() {
  useLiveInvalidate("marketplace", [queryKeys.marketplace], { atMostEveryMs: LIST_REFRESH_GAP_MS });
  return useQuery(listingsQuery());
}

export const usePriceGuide = (bot: { rarity: string; level: number } | null) =>
  useQuery(priceGuideQuery(bot));

export const useListingBattles = (listingId: string | null) => useQuery(listingBattlesQuery(listingId));

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
  useMarketMutation((body: CreateListingBody) => call("marketplaceCreateListing", { body }));

export const useCancelListing = () =>
  useMarketMutation((id: string) => call("marketplaceCancelListing", { params: { id } }));

export const useBuyListing = () =>
  useMarketMutation((id: string) => call("marketplaceBuy", { params: { id } }));
