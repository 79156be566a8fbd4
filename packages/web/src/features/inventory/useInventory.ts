// The player's equipment and the equip toggle. The `me` channel carries "inventory" and "bots" events, so
// another tab's equip shows here too.
import type { EquipResponse, InventoryList } from "@bot-arena/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";
import { shopPaths } from "../shop/paths";

export function useInventory(enabled = true) {
  useLiveInvalidate("me", [queryKeys.inventory]);
  return useQuery({
    queryKey: queryKeys.inventory,
    queryFn: ({ signal }) => api.get<InventoryList>(shopPaths.inventory, signal),
    select: (data) => data.items,
    enabled,
  });
}

export function useEquipToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => api.post<EquipResponse>(shopPaths.equip(entryId)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.inventory }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bots }),
      ]),
  });
}
