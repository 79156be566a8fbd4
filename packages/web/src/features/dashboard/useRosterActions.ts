// BOT COMMAND's actions as mutations: each answers with the server's text as its toast, refreshes the roster
// and the balance, and shows the spec's fallback when the server did not explain a failure.
import type {
  BotActionResponse,
  RecycleResponse,
  RefreshResponse,
  RenameResponse,
} from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, errorMessage } from "../../app/api";
import { botPaths } from "../bots/paths";
import { invalidateBotsAndMe, replaceCachedBot } from "../bots/useBots";

export function useRosterActions() {
  const queryClient = useQueryClient();
  const settle = () => invalidateBotsAndMe(queryClient);
  const fail = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

  const activate = useMutation({
    mutationFn: (id: string) => api.post<BotActionResponse>(botPaths.activate(id)),
    onSuccess: (answer) => toast.success(answer.message),
    onError: fail("Error loading bot"),
    onSettled: settle,
  });
  const rename = useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      api.post<RenameResponse>(botPaths.rename(input.id), { name: input.name }),
    onSuccess: (answer) => toast.success(messages.botRenamed(answer.newName)),
    onError: fail("Failed to rename bot"),
    onSettled: settle,
  });
  const refresh = useMutation({
    mutationFn: (id: string) => api.post<RefreshResponse>(botPaths.refresh(id)),
    onSuccess: (answer) => {
      replaceCachedBot(queryClient, answer.updatedBot);
      toast.success(answer.message);
    },
    onError: fail("Failed to refresh bot"),
    onSettled: settle,
  });
  const recycle = useMutation({
    mutationFn: (id: string) => api.delete<RecycleResponse>(botPaths.recycle(id)),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => {
      const text = errorMessage(error, "Failed to recycle bot");
      // The spec's client recognises a database foreign-key refusal as a tournament hold.
      toast.error(/foreign key/i.test(text) ? messages.recycleTournamentConflict : text);
    },
    onSettled: settle,
  });
  return { activate, rename, refresh, recycle };
}

export type RosterActions = ReturnType<typeof useRosterActions>;
