// Customizing one bot: the server decides the fee; the answer's bot goes straight into the cached roster.
import type { CustomizeBody } from "@bot-arena/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { replaceCachedBot } from "../bots/useBots";

export function useCustomizeBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, body }: { botId: string; body: CustomizeBody }) =>
      call("customizeBot", { params: { id: botId }, body }),
    onSuccess: (result) => {
      replaceCachedBot(queryClient, result.bot);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
