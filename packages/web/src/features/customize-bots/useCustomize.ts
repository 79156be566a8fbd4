// Customizing one bot: the server decides the fee; the answer's bot goes straight into the cached roster.
import type { CustomizeBody, CustomizeResponse } from "@bot-arena/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import { queryKeys } from "../../app/queryKeys";
import { replaceCachedBot } from "../bots/useBots";
import { customizePaths } from "./paths";

export function useCustomizeBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, body }: { botId: string; body: CustomizeBody }) =>
      api.post<CustomizeResponse>(customizePaths.customize(botId), body),
    onSuccess: (result) => {
      replaceCachedBot(queryClient, result.bot);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
