// TanStack Query defaults. A refusal (4xx) is an answer, not a glitch, so only network and 5xx retry.
// A 401 from any player query means the session ended (expired, signed out in another tab): the
// session query is refetched, which turns the shell's guard towards /auth.
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, isUnauthenticated } from "./api";
import { queryKeys } from "./queryKeys";

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  const onError = (error: unknown) => {
    if (isUnauthenticated(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 15_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
