// TanStack Query defaults. A refusal (4xx) is an answer, not a glitch, so only network and 5xx retry, and a
// read the player's rate turned away (429) once, when its Retry-After says, if that is soon: a page refetching
// in the background then keeps showing what it has instead of turning into an error screen.
// A page whose refresh failed keeps its data (app/QueryView.tsx) and is asked again every REFRESH_RETRY_MS, so its
// 'retrying' note is true even on a page nothing else refreshes.
// A 401 from any player query means the session ended (expired, signed out in another tab): the
// session query is refetched, which turns the shell's guard towards /auth.
import { MutationCache, type Query, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, isUnauthenticated } from "./api";
import { queryKeys } from "./queryKeys";

/** A 429 whose Retry-After is longer than this is shown: the page offers its own Retry. */
export const RATE_RETRY_MAX_MS = 30_000;

const rateRefusal = (error: unknown): error is ApiError & { retryAfterMs: number } =>
  error instanceof ApiError &&
  error.status === 429 &&
  error.retryAfterMs !== undefined &&
  error.retryAfterMs <= RATE_RETRY_MAX_MS;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (rateRefusal(error)) return failureCount < 1;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** TanStack's own backoff (1 s, 2 s, ... up to 30 s), or a 429's Retry-After. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (rateRefusal(error)) return error.retryAfterMs;
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/** How soon a query holding data whose refresh failed is asked again (later if a 429's Retry-After says so). */
export const REFRESH_RETRY_MS = 10_000;

/** The default refetchInterval: none, except for data whose refresh failed. A query's own interval wins. */
export function refreshRetryInterval(query: Query): number | false {
  const { status, data, error } = query.state;
  if (status !== "error" || data === undefined) return false;
  const asked = error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0;
  return Math.max(REFRESH_RETRY_MS, asked);
}

export function createQueryClient() {
  const onError = (error: unknown) => {
    if (isUnauthenticated(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 15_000, retry: shouldRetry, retryDelay, refetchInterval: refreshRetryInterval },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
