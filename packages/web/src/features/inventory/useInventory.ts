// The player's equipment and the equip toggle. The `me` channel carries "inventory" and "bots" events, so
// another tab's equip shows here too.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";

export const inventoryQuery = () =>
  queryOptions({
    queryKey: queryKeys.inventory,
    queryFn: ({ signal }) => call("inventory", {}, signal),
    select: (data) => data.items,
  });

export function useInventory(enabled = true) {
  useLiveInvalidate("me", [queryKeys.inventory]);
  return useQuery({ ...inventoryQuery(), enabled });
}

export function useEquipToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => call("inventoryEquip", { params: { id: entryId } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.inventory }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bots }),
      ]),
  });
}
