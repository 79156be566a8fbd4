// The query defaults: a read the player's rate turned away is asked again when its Retry-After says (once, and
// only if that is soon), so a page refetching in the background keeps its data instead of an error screen; data
// whose refresh failed all the same is asked for again every REFRESH_RETRY_MS, or at a longer Retry-After.
import { type Query, type QueryKey, QueryObserver, type QueryState } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import {
  createQueryClient,
  RATE_RETRY_MAX_MS,
  REFRESH_RETRY_MS,
  refreshRetryInterval,
  retryDelay,
  shouldRetry,
} from "./queryClient";

afterEach(() => {
  vi.useRealTimers();
});

const refused = (retryAfterMs?: number) =>
  new ApiError(429, "RATE_LIMITED", "Too many requests, please slow down", true, undefined, retryAfterMs);

describe("retrying a read", () => {
  it("asks once more after a 429's Retry-After, when it is soon", () => {
    expect(shouldRetry(0, refused(3_000))).toBe(true);
    expect(retryDelay(0, refused(3_000))).toBe(3_000);
    expect(shouldRetry(1, refused(3_000))).toBe(false);
  });

  it("shows a 429 at once when it says nothing of when, or a long wait", () => {
    expect(shouldRetry(0, refused())).toBe(false);
    expect(shouldRetry(0, refused(RATE_RETRY_MAX_MS + 1_000))).toBe(false);
  });

  it("still never retries another refusal, and retries network failures and 5xx twice with backoff", () => {
    expect(shouldRetry(0, new ApiError(404, "NOT_FOUND", "Not found", true))).toBe(false);
    const down = new ApiError(0, "NETWORK", "Network error", false);
    expect([0, 1, 2].map((n) => shouldRetry(n, down))).toEqual([true, true, false]);
    expect([0, 1, 5].map((n) => retryDelay(n, down))).toEqual([1_000, 2_000, 30_000]);
  });

  it("keeps a page's data through a refused background refetch and shows the next answer", async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const answers: (() => string)[] = [
      () => "first page",
      () => {
        throw refused(2_000);
      },
      () => "second page",
    ];
    let asked = 0;
    const observer = new QueryObserver(client, {
      queryKey: ["market"],
      queryFn: async () => answers[asked++]!(),
    });
    const seen: { data: unknown; isError: boolean }[] = [];
    const unsubscribe = observer.subscribe((result) =>
      seen.push({ data: result.data, isError: result.isError }),
    );
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe("first page"));
    void observer.refetch();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe("second page"));
    expect(asked).toBe(3);
    expect(seen.some((s) => s.isError)).toBe(false);
    unsubscribe();
    client.clear();
  });
});

describe("asking again for data whose refresh failed", () => {
  /** The market's query in the state `state` puts it in. */
  function marketIn(state: Partial<QueryState>) {
    const client = createQueryClient();
    const query: Query = client.getQueryCache().build(client, { queryKey: ["market"] as QueryKey });
    query.setState({ ...query.state, ...state });
    return query;
  }
  const failedRefresh = (error: Error) =>
    marketIn({ status: "error", data: "first page", dataUpdatedAt: 1, error });

  it("asks again every REFRESH_RETRY_MS, or at a 429's longer Retry-After", () => {
    expect(refreshRetryInterval(failedRefresh(new ApiError(500, "HTTP_500", "Request failed", false)))).toBe(
      REFRESH_RETRY_MS,
    );
    expect(refreshRetryInterval(failedRefresh(refused(1_000)))).toBe(REFRESH_RETRY_MS);
    expect(refreshRetryInterval(failedRefresh(refused(60_000)))).toBe(60_000);
  });

  it("never asks on its own for data that is fine, or for a first read that failed (its screen has a Retry)", () => {
    expect(refreshRetryInterval(marketIn({ status: "success", data: "first page", dataUpdatedAt: 1 }))).toBe(
      false,
    );
    expect(refreshRetryInterval(marketIn({ status: "error", error: refused(60_000) }))).toBe(false);
    expect(refreshRetryInterval(marketIn({}))).toBe(false);
  });
});
