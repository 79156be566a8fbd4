// TanStack Query defaults: a refusal (4xx) is an answer, not a glitch, so only network and 5xx retry.
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
