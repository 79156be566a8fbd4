// The admin's tournament list and actions. The list follows the `tournaments` live channel, so a tournament
// the reconciler starts or completes (on any server process) shows its new status and buttons at once.
import type {
  AdminTournamentActionResponse,
  AdminTournamentsResponse,
  CreateTournamentBody,
} from "@bot-arena/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";
import { useLiveInvalidate } from "../../../app/useLive";
import { adminKeys } from "../../admin/paths";
import { tournamentKeys, tournamentPaths } from "../paths";

export type AdminTournamentAction = "start" | "stop" | "forceComplete" | "archive";

export function useAdminTournaments() {
  useLiveInvalidate("tournaments", [tournamentKeys.all]);
  return useQuery({
    queryKey: tournamentKeys.admin,
    queryFn: ({ signal }) => api.get<AdminTournamentsResponse>(tournamentPaths.adminList, signal),
  });
}

function useTournamentMutation<T>(send: (input: T) => Promise<AdminTournamentActionResponse>) {
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
  useTournamentMutation((body: CreateTournamentBody) =>
    api.post<AdminTournamentActionResponse>(tournamentPaths.create, body),
  );

export const useTournamentAction = () =>
  useTournamentMutation(({ id, action }: { id: string; action: AdminTournamentAction }) =>
    api.post<AdminTournamentActionResponse>(tournamentPaths[action](id)),
  );
