// The shop's catalogue and the purchase call. A purchase can change the wallet, the inventory and (for a
// consumable) the active bot, so all three are refreshed.
import type { PurchaseBody, PurchaseResponse, ShopCatalogue } from "@bot-arena/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";
import { shopPaths } from "./paths";

export function useShop(enabled = true) {
  return useQuery({
    queryKey: queryKeys.shop,
    queryFn: ({ signal }) => api.get<ShopCatalogue>(shopPaths.catalogue, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchaseBody) => api.post<PurchaseResponse>(shopPaths.purchase, body),
    onSettled: () =>
      Promise.all(
        [queryKeys.me, queryKeys.bots, queryKeys.inventory].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
