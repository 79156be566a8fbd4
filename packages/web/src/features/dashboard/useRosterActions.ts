import { messages } from "@bot-arena/game";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { call } from "../../app/call";
import { invalidateBotsAndMe, replaceCachedBot } from "../bots/useBots";

export function useRosterActions() {
  const queryClient = useQueryClient();
  const settle = () => invalidateBotsAndMe(queryClient);
  const fail = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

  const activate = useMutation({
    mutationFn: (id: string) => call("activateBot", { params: { id } }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: fail("Error loading bot"),
    onSettled: settle,
  });
  const rename = useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      call("renameBot", { params: { id: input.id }, body: { name: input.name } }),
    onSuccess: (answer) => toast.success(messages.botRenamed(answer.newName)),
    onError: fail("Failed to rename bot"),
    onSettled: settle,
  });
  const refresh = useMutation({
    mutationFn: (id: string) => call("refreshBot", { params: { id } }),
    onSuccess: (answer) => {
      replaceCachedBot(queryClient, answer.updatedBot);
      toast.success(answer.message);
    },
    onError: fail("Failed to refresh bot"),
    onSettled: settle,
  });
  const recycle = useMutation({
    mutationFn: (id: string) => call("recycleBot", { params: { id } }),
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
