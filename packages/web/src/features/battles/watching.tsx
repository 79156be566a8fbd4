// How many players watch a live match. Opening a live match in the COMBAT ZONE subscribes to its watch channel
// (`watch:<battle>@<event channel>`, contract live.ts), which is what the server counts; the count comes back
// on that channel, and on the event's own channel for its bracket or duel list ({ counts }), at most about once
// a second. Those events carry no change to refetch: the event's pages record them (recordWatching) instead.
import type { LiveChannel, LiveEvent, WatchingEventData } from "@bot-arena/contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { createContext, useContext, useEffect, useState } from "react";
import { live } from "../../app/live";
import { queryKeys } from "../../app/queryKeys";
import { cn } from "../../ui/cn";

/** contract live.ts `liveWatchChannel` (a value import would bring zod into this chunk). */
const watchChannel = (battleId: string, eventChannel: string) =>
  `watch:${battleId}@${eventChannel}` as LiveChannel;

export const isWatchingEvent = (event: LiveEvent) => event.kind === "watching";

const none: ReadonlyMap<string, number> = new Map();

/** Nothing is fetched: the counts arrive on the event's channel and are put into the cache (recordWatching). */
const watchingCountsQuery = (eventChannel: string) =>
  queryOptions({
    queryKey: queryKeys.watching(eventChannel),
    queryFn: () => none,
    initialData: none,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Keeps an event channel's watcher counts in the query cache (so a list opened later still has the counts the
 * server sent when the page subscribed); true when the event was one, and there is nothing to refetch.
 */
export function recordWatching(queryClient: QueryClient, event: LiveEvent): boolean {
  if (!isWatchingEvent(event)) return false;
  const changed = (event.data as Partial<Extract<WatchingEventData, { counts: unknown }>> | undefined)
    ?.counts;
  if (changed) {
    queryClient.setQueryData<ReadonlyMap<string, number>>(
      queryKeys.watching(event.channel),
      (before) => new Map([...(before ?? none), ...Object.entries(changed)]),
    );
  }
  return true;
}

/** The live matches' watcher counts of the event on screen, by battle id. */
export const WatchingCounts = createContext<ReadonlyMap<string, number>>(none);

/** The counts an event's channel carried so far (its page's live handler records them: recordWatching). */
export function useWatchingCounts(eventChannel: string): ReadonlyMap<string, number> {
  return useQuery(watchingCountsQuery(eventChannel)).data;
}

/** Watches a live match (the server counts this socket's player) and follows the count; null when not live. */
export function useWatching(battleId: string, watch: { live: boolean; eventChannel: string } | null) {
  const [count, setCount] = useState<number | null>(null);
  const channel = watch?.live ? watchChannel(battleId, watch.eventChannel) : null;
  useEffect(() => {
    if (channel === null) return undefined;
    return live.subscribe(channel, (event) => {
      if (isWatchingEvent(event) && typeof event.data?.count === "number") setCount(event.data.count);
    });
  }, [channel]);
  return channel === null ? null : count;
}

export function WatchingBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 tabular-nums", className)} data-testid="watching">
      <Eye className="size-3" aria-hidden="true" />
      {count} watching
    </span>
  );
}

/** The count a live match card shows (0 when nobody watches or the page shows no live event). */
export function useWatchingCount(battleId: string | null): number {
  const counts = useContext(WatchingCounts);
  return battleId === null ? 0 : (counts.get(battleId) ?? 0);
}
