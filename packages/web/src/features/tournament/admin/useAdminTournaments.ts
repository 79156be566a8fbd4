// The admin's tournament list and actions. The list follows the `tournaments` live channel, so a tournament
// the reconciler starts or completes (on any server process) shows its new status and buttons at once.
import type { CreateTournamentBody } from "@bot-arena/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CallOutput, call } from "../../../app/call";
import { useLiveInvalidate } from "../../../app/useLive";
import { adminKeys } from "../../admin/keys";
import { tournamentKeys } from "../keys";

export type AdminTournamentAction = "start" | "stop" | "forceComplete" | "archive";
const actionRoutes = {
  start: "startTournament",
  stop: "stopTournament",
  forceComplete: "forceCompleteTournament",
  archive: "archiveTournament",
} as const satisfies Record<AdminTournamentAction, string>;

export function useAdminTournaments() {
  useLiveInvalidate("tournaments", [tournamentKeys.all]);
  return useQuery({
    queryKey: tournamentKeys.admin,
    queryFn: ({ signal }) => call("adminTournaments", {}, signal),
  });
}

function useTournamentMutation<T>(send: (input: T) => Promise<CallOutput<"createTournament">>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The panel's operations log shows the row the server wrote for this action.
    onSettled: () =>
      Promise.all(
        [tournamentKeys.all, adminKeys.operations].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useCreateTournament = () =>
  useTournamentMutation((body: CreateTournamentBody) => call("createTournament", { body }));

export const useTournamentAction = () =>
  useTournamentMutation(({ id, action }: { id: string; action: AdminTournamentAction }) =>
    call(actionRoutes[action], { params: { id } }),
  );
