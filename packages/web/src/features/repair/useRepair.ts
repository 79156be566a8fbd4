// The repair call; it moves coins and durability, so the wallet and the roster are refreshed.

import type { RepairResponse, Routes } from "@bot-arena/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import { withId } from "../../app/paths";
import { invalidateBotsAndMe } from "../bots/useBots";

const repairPath: Routes["repairBot"]["path"] = "/api/bots/:id/repair";

export function useRepair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botId: string) => api.post<RepairResponse>(withId(repairPath, botId)),
    onSettled: () => invalidateBotsAndMe(queryClient),
  });
}
