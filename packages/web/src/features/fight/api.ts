// The arena's calls: the kept AI opponent, rolling a new one, the PvP list and the two battles.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

/** Under the PvP list's key, so whatever refreshes the list (a battle, training) refreshes the odds too. */
const pvpWinChanceKey = (defenderId: string) => [...queryKeys.pvpOpponents, "win-chance", defenderId];

export function useAiOpponent(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.aiOpponent,
    queryFn: ({ signal }) => call("currentAiOpponent", {}, signal),
    select: (data) => data.opponent,
    enabled,
  });
}

export function useFindAiOpponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call("findAiOpponent"),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.aiOpponent, data),
  });
}

export function usePvpOpponents(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.pvpOpponents,
    queryFn: ({ signal }) => call("pvpOpponents", {}, signal),
    enabled,
  });
}

/** The active bot's odds against the picked PvP opponent, asked for once one is picked. */
export function usePvpWinChance(defenderId: string | null) {
  return useQuery({
    queryKey: pvpWinChanceKey(defenderId ?? ""),
    queryFn: ({ signal }) => call("pvpWinChance", { params: { id: defenderId ?? "" } }, signal),
    select: (data) => data.winChance,
    enabled: defenderId !== null,
  });
}

/** Everything a battle may have changed: the bot, the wallet, the opponents, the history, the board. */
function useAfterBattle() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        queryKeys.bots,
        queryKeys.me,
        queryKeys.aiOpponent,
        queryKeys.pvpOpponents,
        queryKeys.battles,
        queryKeys.leaderboard,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useAiBattle() {
  const afterBattle = useAfterBattle();
  return useMutation({
    mutationFn: () => call("aiBattle"),
    onSettled: afterBattle,
  });
}

export function usePvpBattle() {
  const afterBattle = useAfterBattle();
  return useMutation({
    mutationFn: (defenderId: string) => call("pvpBattle", { body: { defenderId } }),
    onSettled: afterBattle,
  });
}
