import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorMessage, toApiError } from "./api";
import { isPlayerQuery } from "./queryKeys";

afterEach(() => vi.unstubAllGlobals());

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

describe("isPlayerQuery", () => {
  it("treats everything but public data and the session itself as the player's", () => {
    expect(isPlayerQuery(["bots"])).toBe(true);
    expect(isPlayerQuery(["me"])).toBe(false);
    expect(isPlayerQuery(["music", "tracks"])).toBe(false);
    expect(isPlayerQuery(["stats"])).toBe(false);
  });
});
