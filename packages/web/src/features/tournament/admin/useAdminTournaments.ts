// The admin's tournament list and actions. The list follows the `tournaments` live channel, so a tournament
// the reconciler starts or completes (on any server process) shows its new status and buttons at once.
import type { CreateTournamentBody } from "@bot-arena/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CallOutput, call } from "../../../app/call";
import { queryKeys } from "../../../app/queryKeys";
import { useLiveInvalidate } from "../../../app/useLive";

export type AdminTournamentAction = "start" | "stop" | "forceComplete" | "archive";
const actionRoutes = {
  start: "startTournament",
  stop: "stopTournament",
  forceComplete: "forceCompleteTournament",
  archive: "archiveTournament",
} as const satisfies Record<AdminTournamentAction, string>;

export const adminTournamentsQuery = () =>
  queryOptions({
    queryKey: queryKeys.tournaments.admin,
    queryFn: ({ signal }) => call("adminTournaments", {}, signal),
  });

export function useAdminTournaments() {
  useLiveInvalidate("tournaments", [queryKeys.tournaments.all]);
  return useQuery(adminTournamentsQuery());
}

function useTournamentMutation<T>(send: (input: T) => Promise<CallOutput<"createTournament">>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The panel's operations log shows the row the server wrote for this action.
    onSettled: () =>
      Promise.all(
        [queryKeys.tournaments.all, queryKeys.admin.operations].map((queryKey) =>
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
