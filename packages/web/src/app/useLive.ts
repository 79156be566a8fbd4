// React bindings for the live channel. A feature that shows data others can change subscribes here:
//   useLiveInvalidate("marketplace", [["marketplace"]]);
//   useLiveChannel(`tournament:${id}`, (event) => { ... });
import type { LiveChannel, LiveEvent } from "@bot-arena/contract";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { live } from "./live";

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

/** Refetches the given queries whenever `channel` reports a change (or the socket reconnects). */
export function useLiveInvalidate(channel: LiveChannel, queryKeys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  useLiveChannel(channel, () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  });
}

export function useLiveStatus() {
  return useSyncExternalStore(
    (onChange) => live.onStatus(onChange),
    () => live.status,
  );
}
