// The shop's catalogue and the purchase call. A purchase can change the wallet, the inventory and (for a
// consumable) the active bot, so all three are refreshed.
import type { PurchaseBody } from "@bot-arena/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const shopQuery = () =>
  queryOptions({
    queryKey: queryKeys.shop,
    queryFn: ({ signal }) => call("shop", {}, signal),
    staleTime: 5 * 60_000,
  });

export const useShop = (enabled = true) => useQuery({ ...shopQuery(), enabled });

export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchaseBody) => call("shopPurchase", { body }),
    onSettled: () =>
      Promise.all(
        [queryKeys.me, queryKeys.bots, queryKeys.inventory].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
