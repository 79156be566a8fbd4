// The /tournament page's data: the current tournament (followed live on its own channel and on `tournaments`
// for a new one), one tournament's bracket for the history, the past list, join and ready-up, and a clock
// that ticks every second on the server's time.
import { COUNTDOWN_REFRESH_MS } from "@bot-arena/game";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { useLiveInvalidate } from "../../app/useLive";
import { tournamentKeys } from "./keys";

/** The live channel of a tournament; the general one when there is none yet. */
const channelOf = (id: string | undefined) => (id ? (`tournament:${id}` as const) : ("tournaments" as const));

export function useCurrentTournament() {
  const query = useQuery({
    queryKey: tournamentKeys.current,
    queryFn: ({ signal }) => call("currentTournament", {}, signal),
  });
  useLiveInvalidate("tournaments", [tournamentKeys.all]);
  useLiveInvalidate(channelOf(query.data?.tournament?.tournament.id), [tournamentKeys.all]);
  return query;
}

export function usePastTournaments() {
  return useQuery({
    queryKey: tournamentKeys.past,
    queryFn: ({ signal }) => call("pastTournaments", {}, signal),
  });
}

export function useTournamentDetail(id: string | null) {
  return useQuery({
    queryKey: tournamentKeys.one(id ?? ""),
    queryFn: ({ signal }) => call("tournament", { params: { id: id ?? "" } }, signal),
    enabled: id !== null,
  });
}

function usePlayerMutation<T>(send: (id: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tournamentKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}

export const useJoinTournament = () =>
  usePlayerMutation((id: string) => call("joinTournament", { params: { id }, body: {} }));

export const useReadyUp = () =>
  usePlayerMutation((id: string) => call("readyTournament", { params: { id } }));

/** Now on the server's clock (its answer carried its time), refreshed every second for the countdowns. */
export function useServerNow(serverTime: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverTime) setOffset(new Date(serverTime).getTime() - Date.now());
  }, [serverTime]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now + offset;
}
