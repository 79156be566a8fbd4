// The roster as every page reads it. The `me` live channel (wired in app/LiveSession) invalidates this key
// whenever the player's bots or balance change, and the roster also refetches every 60 seconds as the spec
// asks, so energy regenerated on the server shows without a reload.
import type { Bot, BotList } from "@bot-arena/contract";
import { ROSTER_REFRESH_MS } from "@bot-arena/game";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";

export const fetchBots = (signal?: AbortSignal) => call("listBots", {}, signal);

export const botsQuery = () =>
  queryOptions({
    queryKey: queryKeys.bots,
    queryFn: ({ signal }) => fetchBots(signal),
    select: (data) => data.bots,
    refetchInterval: ROSTER_REFRESH_MS,
    staleTime: 5_000,
  });

export const useBots = () => useQuery(botsQuery());

/** The bot marked active, or null (the roster shows its first bot instead; training and battles need this one). */
export function activeBotOf(bots: readonly Bot[] | undefined): Bot | null {
  if (!bots || bots.length === 0) return null;
  return bots.find((bot) => bot.isActive) ?? null;
}

/** The active bot (null when none is active; undefined while loading). */
export function useActiveBot() {
  const query = useBots();
  return { ...query, data: query.data === undefined ? undefined : activeBotOf(query.data) };
}

/** Puts one changed bot into the cached roster at once, before the refetch the live event triggers. */
export function replaceCachedBot(queryClient: QueryClient, bot: Bot) {
  queryClient.setQueryData<BotList>(queryKeys.bots, (old) =>
    old ? { bots: old.bots.map((b) => (b.id === bot.id ? bot : b)) } : old,
  );
}

/**
 * Puts a bot the player just made into the cached roster: a page that reads the roster before its refetch
 * answers (the dashboard sends a player without bots to /summon) must already see it.
 */
export function addCachedBot(queryClient: QueryClient, bot: Bot) {
  queryClient.setQueryData<BotList>(queryKeys.bots, (old) => ({
    bots: [bot, ...(old?.bots ?? []).filter((b) => b.id !== bot.id)],
  }));
}

/** After any bot action: the roster and the balance may both have moved. */
export function invalidateBotsAndMe(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.bots }),
    queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  ]);
}
