// Who is signed in. The session cookie is httpOnly, so the app learns it only from the server: GET /api/session
// answers a player or null (a visitor is not an error, so signed-out pages log no 401); a failure is an error.
import type { Me } from "@bot-arena/contract";
import { type QueryClient, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { call } from "./call";
import { isPlayerQuery, queryKeys } from "./queryKeys";

async function fetchMe(): Promise<Me | null> {
  return (await call("session")).me;
}

export const meQuery = () => queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 30_000 });

export function useMe() {
  return useQuery(meQuery());
}

/** Puts the new session in the cache and forgets the previous player's data. */
export function applySession(queryClient: QueryClient, me: Me | null) {
  queryClient.removeQueries({ predicate: (query) => isPlayerQuery(query.queryKey) });
  queryClient.setQueryData(queryKeys.me, me);
}

/**
 * Ends the session. What follows it (here and for 'sign out everywhere') belongs in `after`, the mutation's own callbacks, and not in mutate()'s:
 * those are dropped when the button unmounts first, as it does when a refetch of the player (a live event, a
 * focus) sees the ended session before the sign-out's answer arrives and the shell's guard leaves for /auth.
 */
export type AfterSignOut = { onSuccess: () => void; onError: (error: Error) => void };

export function useSignOut(after: AfterSignOut) {
  return useMutation({ mutationFn: () => call("signOut"), ...after });
}
