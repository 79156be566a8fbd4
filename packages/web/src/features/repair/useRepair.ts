// The repair call; it moves coins and durability, so the wallet and the roster are refreshed.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { invalidateBotsAndMe } from "../bots/useBots";

export function useRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botId: string) => call("repairBot", { params: { id: botId } }),
    onSettled: () => invalidateBotsAndMe(queryClient),
  });
}
