// The arena's calls: the kept AI opponent, rolling a new one, the PvP list and the two battles. Paths are
// checked against the contract at compile time like app/paths.ts.
import type {
  AiOpponentResponse,
  BattleOutcome,
  PvpOpponentList,
  PvpWinChanceResponse,
} from "@bot-arena/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import { type PathOf, withId } from "../../app/paths";
import { queryKeys } from "../../app/queryKeys";

const aiOpponent: PathOf<"findAiOpponent"> = "/api/arena/ai/opponent";
const aiBattle: PathOf<"aiBattle"> = "/api/arena/ai/battle";
const pvpOpponents: PathOf<"pvpOpponents"> = "/api/arena/pvp/opponents";
const pvpBattle: PathOf<"pvpBattle"> = "/api/arena/pvp/battle";
const pvpWinChance: PathOf<"pvpWinChance"> = "/api/arena/pvp/opponents/:id/win-chance";
/** Under the PvP list's key, so whatever refreshes the list (a battle, training) refreshes the odds too. */
const pvpWinChanceKey = (defenderId: string) => [...queryKeys.pvpOpponents, "win-chance", defenderId];

export function useAiOpponent(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.aiOpponent,
    queryFn: ({ signal }) => api.get<AiOpponentResponse>(aiOpponent, signal),
    select: (data) => data.opponent,
    enabled,
  });
}

export function useFindAiOpponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AiOpponentResponse>(aiOpponent),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.aiOpponent, data),
  });
}

export function usePvpOpponents(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.pvpOpponents,
    queryFn: ({ signal }) => api.get<PvpOpponentList>(pvpOpponents, signal),
    enabled,
  });
}

/** The active bot's odds against the picked PvP opponent, asked for once one is picked. */
export function usePvpWinChance(defenderId: string | null) {
  return useQuery({
    queryKey: pvpWinChanceKey(defenderId ?? ""),
    queryFn: ({ signal }) => api.get<PvpWinChanceResponse>(withId(pvpWinChance, defenderId ?? ""), signal),
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
    mutationFn: () => api.post<BattleOutcome>(aiBattle),
    onSettled: afterBattle,
  });
}

export function usePvpBattle() {
  const afterBattle = useAfterBattle();
  return useMutation({
    mutationFn: (defenderId: string) => api.post<BattleOutcome>(pvpBattle, { defenderId }),
    onSettled: afterBattle,
  });
}
