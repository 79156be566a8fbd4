// React bindings for the live channel. A feature that shows data others can change subscribes here:
//   useLiveInvalidate("marketplace", [["marketplace"]]);
//   useLiveChannel(`tournament:${id}`, (event) => { ... });
import type { LiveChannel, LiveEvent } from "@bot-arena/contract";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { live, SIGNED_OUT } from "./live";
import { atMostEvery } from "./liveThrottle";
import { queryKeys as keys } from "./queryKeys";

const sessionKey = keys.me;

/**
 * Calls `handler` for each event on `channel` while the component is mounted; a null channel (one known only
 * after a fetch, such as the reader's guild chat) follows nothing.
 */
export function useLiveChannel(channel: LiveChannel | null, handler: (event: LiveEvent) => void) {
  // The latest handler is read through a ref so a new closure each render does not resubscribe.
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(
    () => (channel ? live.subscribe(channel, (event) => handlerRef.current(event)) : undefined),
    [channel],
  );
}

/**
 * Refetches the given queries whenever `channel` reports a change (or the socket reconnects); with
 * `atMostEveryMs`, at once and then at most once per that time (liveThrottle.ts), for lists everyone changes.
 */
export function useLiveInvalidate(
  channel: LiveChannel,
  queryKeys: readonly QueryKey[],
  options: { atMostEveryMs?: number } = {},
) {
  const queryClient = useQueryClient();
  const keysRef = useRef(queryKeys);
  keysRef.current = queryKeys;
  const gapMs = options.atMostEveryMs ?? 0;
  const throttled = useRef<ReturnType<typeof atMostEvery> | null>(null);
  useEffect(() => {
    throttled.current = atMostEvery(gapMs, () => {
      for (const queryKey of keysRef.current) void queryClient.invalidateQueries({ queryKey });
    });
    return () => throttled.current?.cancel();
  }, [gapMs, queryClient]);
  useLiveChannel(channel, (event) => {
    // The session ended: every player query would be refused (a 401 in the console each); only the session's
    // own query is worth asking again (it answers no one, and the guards take the page out).
    if (event.kind === SIGNED_OUT) {
      if (keysRef.current.some((key) => key === sessionKey))
        void queryClient.invalidateQueries({ queryKey: sessionKey });
      return;
    }
    throttled.current?.call();
  });
}

export function useLiveStatus() {
  return useSyncExternalStore(
    (onChange) => live.onStatus(onChange),
    () => live.status,
  );
}
