// The /tournament page's data: the current tournament (followed live on its own channel and on `tournaments`
// for a new one), one tournament's bracket for the history, the past list, join and ready-up.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { useLiveChannel, useLiveInvalidate } from "../../app/useLive";
import { recordWatching } from "../battles/watching";

/** The live channel of a tournament; the general one when there is none yet. */
export const channelOf = (id: string | undefined) =>
  id ? (`tournament:${id}` as const) : ("tournaments" as const);

export const currentTournamentQuery = () =>
  queryOptions({
    queryKey: queryKeys.tournaments.current,
    queryFn: ({ signal }) => call("currentTournament", {}, signal),
  });

export const pastTournamentsQuery = () =>
  queryOptions({
    queryKey: queryKeys.tournaments.past,
    queryFn: ({ signal }) => call("pastTournaments", {}, signal),
  });

export const tournamentQuery = (id: string | null) =>
  queryOptions({
    queryKey: queryKeys.tournaments.one(id ?? ""),
    queryFn: ({ signal }) => call("tournament", { params: { id: id ?? "" } }, signal),
    enabled: id !== null,
  });

export function useCurrentTournament() {
  const query = useQuery(currentTournamentQuery());
  useLiveInvalidate("tournaments", [queryKeys.tournaments.all]);
  const queryClient = useQueryClient();
  // Watcher counts ride on the tournament's channel too; they change nothing to refetch (battles/watching.tsx).
  // Its matches and entries do not change the past list (a list read the server charges 5 requests of the
  // player's rate, on every match of a running event): that list follows `tournaments`, status changes only.
  useLiveChannel(channelOf(query.data?.tournament?.tournament.id), (event) => {
    if (!recordWatching(queryClient, event))
      void queryClient.invalidateQueries({
        queryKey: queryKeys.tournaments.all,
        predicate: (q) => q.queryKey[1] !== queryKeys.tournaments.past[1],
      });
  });
  return query;
}

export const usePastTournaments = () => useQuery(pastTournamentsQuery());

export const useTournamentDetail = (id: string | null) => useQuery(tournamentQuery(id));

function usePlayerMutation<T>(send: (id: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tournaments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}

export const useJoinTournament = () =>
  usePlayerMutation((id: string) => call("joinTournament", { params: { id }, body: {} }));

export const useReadyUp = () =>
  usePlayerMutation((id: string) => call("readyTournament", { params: { id } }));
