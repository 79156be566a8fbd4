// The fusion call. The new bot goes into the cached roster at once (its parents out), so the naming dialog
// opens without waiting for the refetch.
import type { BotList, FusionBody } from "@bot-arena/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { invalidateBotsAndMe } from "../bots/useBots";

export function useFusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FusionBody) => call("fuseBots", { body }),
    onSuccess: ({ bot }, { bot1Id, bot2Id }) =>
      queryClient.setQueryData<BotList>(queryKeys.bots, (old) =>
        old ? { bots: [bot, ...old.bots.filter((b) => b.id !== bot1Id && b.id !== bot2Id)] } : old,
      ),
    onSettled: () => invalidateBotsAndMe(queryClient),
  });
}
