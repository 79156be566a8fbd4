import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorMessage, IDEMPOTENCY_KEY_HEADER, RETRY_DELAYS_MS, toApiError } from "./api";
import { isPlayerQuery } from "./queryKeys";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("toApiError", () => {
  it("carries the server's code, message and field messages", () => {
    const error = toApiError(409, {
      error: {
        code: "EMAIL_TAKEN",
        message: "An account with this email already exists",
        fields: { email: "taken" },
      },
    });
    expect(error).toMatchObject({
      status: 409,
      code: "EMAIL_TAKEN",
      fromServer: true,
      fields: { email: "taken" },
    });
    expect(error.message).toBe("An account with this email already exists");
  });

  it("carries a 429's Retry-After in ms, and nothing for a missing or unreadable one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "RATE_LIMITED", message: "Slow down" } }), {
            status: 429,
            headers: { "retry-after": "7" },
          }),
      ),
    );
    await expect(api.get("/api/leaderboard")).rejects.toMatchObject({ status: 429, retryAfterMs: 7_000 });
    expect(toApiError(429, undefined, null).retryAfterMs).toBeUndefined();
    expect(toApiError(429, undefined, "soon").retryAfterMs).toBeUndefined();
  });

  it("marks a body that is not our error shape as not the server's words", () => {
    expect(toApiError(502, "<html>Bad gateway</html>")).toMatchObject({
      code: "HTTP_502",
      fromServer: false,
    });
  });
});

describe("errorMessage", () => {
  it("prefers the server's message and falls back otherwise", () => {
    expect(errorMessage(new ApiError(400, "X", "Not enough coins!", true), "Purchase failed")).toBe(
      "Not enough coins!",
    );
    expect(errorMessage(new ApiError(0, "NETWORK", "Network error", false), "Purchase failed")).toBe(
      "Purchase failed",
    );
    expect(errorMessage(new TypeError("Failed to fetch"), "Authentication failed")).toBe(
      "Authentication failed",
    );
    expect(errorMessage(undefined, "Failed to logout")).toBe("Failed to logout");
  });
});

describe("request", () => {
  it("sends JSON with same-origin cookies and returns the parsed body", async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ id: "u1" }));
    await expect(api.post("/api/auth/sign-in", { email: "a@b.c", password: "secret" })).resolves.toEqual({
      id: "u1",
    });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe("same-origin");
    expect(init.headers).toMatchObject({ "content-type": "application/json" });
    expect(init.body).toBe(JSON.stringify({ email: "a@b.c", password: "secret" }));
  });

  it("labels no body as JSON when there is none, which Fastify would refuse", async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ ok: true }));
    await api.post("/api/auth/sign-out");
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty("content-type");
    expect(init.body).toBeNull();
  });

  it("throws an ApiError for a refusal", async () => {
    stubFetch(401, JSON.stringify({ error: { code: "NOT_AUTHENTICATED", message: "Not authenticated" } }));
    await expect(api.get("/api/me")).rejects.toMatchObject({ status: 401, code: "NOT_AUTHENTICATED" });
  });

  it("turns a network failure into an ApiError without a server message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(api.get("/api/me")).rejects.toMatchObject({ status: 0, code: "NETWORK", fromServer: false });
  });
});

describe("a state change", () => {
  const keyOf = (call: unknown[]) =>
    ((call[1] as RequestInit).headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER];
  const unavailable = () =>
    new Response(JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: "briefly unavailable" } }), {
      status: 503,
    });
  /** Answers with each of `answers` in turn (a function throws, as fetch does when the network fails). */
  function stubAnswers(...answers: (Response | (() => never))[]) {
    const fetchMock = vi.fn(async (..._args: unknown[]) => {
      const next = answers.shift();
      if (!next) throw new Error("no answer left");
      return typeof next === "function" ? next() : next;
    });
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }
  const networkDown = () => {
    throw new TypeError("Failed to fetch");
  };
  /** Runs `work` with the retry waits passed at once. */
  async function withoutWaiting<T>(work: () => Promise<T>): Promise<T> {
    vi.useFakeTimers();
    const settled = work().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.runAllTimersAsync();
    const outcome = await settled;
    if ("error" in outcome) throw outcome.error;
    return outcome.value;
  }

  it("carries a fresh Idempotency-Key each time; a read carries none", async () => {
    const fetchMock = stubAnswers(
      new Response("{}"),
      new Response("{}"),
      new Response("{}"),
      new Response("{}"),
    );
    await api.post("/api/bank/deposit", { amount: 10 });
    await api.post("/api/bank/deposit", { amount: 10 });
    await api.delete("/api/guilds/g1/members/m1");
    await api.get("/api/me");
    const keys = fetchMock.mock.calls.map(keyOf);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,64}$/);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBeUndefined();
  });

  it("is sent again with the same key after a 503 or a network failure, and answers the success", async () => {
    const fetchMock = stubAnswers(
      unavailable(),
      networkDown,
      new Response(JSON.stringify({ newCoins: 900 })),
    );
    await expect(withoutWaiting(() => api.post("/api/bank/deposit", { amount: 100 }))).resolves.toEqual({
      newCoins: 900,
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const keys = fetchMock.mock.calls.map(keyOf);
    expect(new Set(keys).size).toBe(1);
    expect(fetchMock.mock.calls.map((call) => (call[1] as RequestInit).body)).toEqual(
      Array(3).fill(JSON.stringify({ amount: 100 })),
    );
  });

  it("waits between tries, and gives up after them with the last failure", async () => {
    vi.useFakeTimers();
    const fetchMock = stubAnswers(unavailable(), unavailable(), unavailable());
    const outcome = api.post("/api/bank/deposit", { amount: 100 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]!);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await outcome).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
  });

  it("ends as a network error when no try reached the server", async () => {
    const fetchMock = stubAnswers(networkDown, networkDown, networkDown);
    await expect(withoutWaiting(() => api.post("/api/shop/buy", { itemId: "x" }))).rejects.toMatchObject({
      status: 0,
      code: "NETWORK",
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("is not sent again after an answer: a refusal, a bug (500), or a read's 503", async () => {
    const refusal = new Response(JSON.stringify({ error: { code: "NOT_ENOUGH_COINS", message: "No" } }), {
      status: 409,
    });
    const bug = new Response(JSON.stringify({ error: { code: "INTERNAL", message: "Oops" } }), {
      status: 500,
    });
    const fetchMock = stubAnswers(refusal, bug, unavailable());
    await expect(api.post("/api/bank/deposit", { amount: 1 })).rejects.toMatchObject({ status: 409 });
    await expect(api.post("/api/bank/deposit", { amount: 1 })).rejects.toMatchObject({ status: 500 });
    await expect(api.get("/api/me")).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe("isPlayerQuery", () => {
  it("treats everything but public data and the session itself as the player's", () => {
    expect(isPlayerQuery(["bots"])).toBe(true);
    expect(isPlayerQuery(["me"])).toBe(false);
    expect(isPlayerQuery(["music", "tracks"])).toBe(false);
    expect(isPlayerQuery(["stats"])).toBe(false);
  });
});
