// The arena's calls: the kept AI opponent, rolling a new one, the PvP list and the two battles.
import type { PvpBattleBody } from "@bot-arena/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const aiOpponentQuery = () =>
  queryOptions({
    queryKey: queryKeys.aiOpponent,
    queryFn: ({ signal }) => call("currentAiOpponent", {}, signal),
    select: (data) => data.opponent,
  });

export const pvpOpponentsQuery = () =>
  queryOptions({
    queryKey: queryKeys.pvpOpponents,
    queryFn: ({ signal }) => call("pvpOpponents", {}, signal),
  });

export const pvpWinChanceQuery = (defenderId: string | null) =>
  queryOptions({
    queryKey: queryKeys.pvpWinChance(defenderId ?? ""),
    queryFn: ({ signal }) => call("pvpWinChance", { params: { id: defenderId ?? "" } }, signal),
    select: (data) => data.winChance,
    enabled: defenderId !== null,
  });

export const useAiOpponent = (enabled: boolean) => useQuery({ ...aiOpponentQuery(), enabled });

export function useFindAiOpponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call("findAiOpponent"),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.aiOpponent, data),
  });
}

export const usePvpOpponents = (enabled: boolean) => useQuery({ ...pvpOpponentsQuery(), enabled });

/** The active bot's odds against the picked PvP opponent, asked for once one is picked. */
export const usePvpWinChance = (defenderId: string | null) => useQuery(pvpWinChanceQuery(defenderId));

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
        queryKeys.pilots.all,
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

/** A challenge from the PvP list, or a revenge from the defense log (`revengeOf`: the raid's battle). */
export function usePvpBattle() {
  const afterBattle = useAfterBattle();
  return useMutation({
    mutationFn: (body: PvpBattleBody) => call("pvpBattle", { body }),
    onSettled: afterBattle,
  });
}
