import { readFileSync } from "node:fs";
import path from "node:path";
import { routes } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp } from "../../../test/helpers";
import { repoRoot } from "../../platform/paths";

const adminEmail = "metrics_boss@arena.test";
const METRICS_TOKEN = "scrape-me-0123456789abcdef";
let t: TestApp;
let admin: Player;
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [adminEmail], metricsToken: METRICS_TOKEN } });
  admin = await signUp(t.app, { username: "metrics_boss", email: adminEmail });
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok, and that the clock is the real one (no TEST_CLOCK)", async () => {
    expect((await t.app.inject("/api/health")).json()).toEqual({
      ok: true,
      testClock: false,
      testClockOffsetMs: null,
    });
  });
});

describe("GET /api/health/live and /api/health/ready", () => {
  it("say the process answers and is ready, with the build it runs", async () => {
    const version = JSON.parse(
      readFileSync(path.join(repoRoot, "packages/server/package.json"), "utf8"),
    ).version;
    const live = await t.app.inject("/api/health/live");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({
      live: true,
      version,
      commit: expect.toBeOneOf([null, expect.any(String)]),
    });
    const ready = await t.app.inject("/api/health/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(ready.json()).toMatchObject({
      ready: true,
      reasons: [],
      checks: { database: true, bus: true, media: true },
      version,
    });
  });
});

describe("GET /api/openapi.json", () => {
  it("documents every route of the contract with its method, auth and schemas", async () => {
    const document = (await t.app.inject("/api/openapi.json")).json();
    expect(document.openapi).toBe("3.1.0");
    for (const [operationId, spec] of Object.entries(routes)) {
      const path = spec.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const operation = document.paths[path]?.[spec.method.toLowerCase()];
      expect(operation, `${spec.method} ${spec.path}`).toBeDefined();
      expect(operation.operationId).toBe(operationId);
      expect(operation.responses["2XX"].content["application/json"].schema).toBeTypeOf("object");
      if (spec.auth !== "none") expect(operation.security).toEqual([{ session: [] }]);
      if ("body" in spec && spec.body) {
        expect(operation.requestBody.content["application/json"].schema).toBeTypeOf("object");
      }
    }
    const signUp = document.paths["/api/auth/sign-up"].post.requestBody.content["application/json"].schema;
    expect(signUp.required).toEqual(["username", "email", "password"]);
  });
});

describe("GET /api/admin/metrics", () => {
  const sample = (text: string, line: string) => {
    const found = text.split("\n").find((l) => l.startsWith(`${line} `));
    return found === undefined ? undefined : Number(found.slice(line.length + 1));
  };

  it("answers a scraper's bearer token without a session, and refuses a wrong one", async () => {
    const scraped = await t.app.inject({
      url: "/api/admin/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toMatch(/^bot_arena_live_sockets \d+$/m);
    for (const authorization of [
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(1)}`,
      METRICS_TOKEN,
    ]) {
      expect(
        errorOf(await t.app.inject({ url: "/api/admin/metrics", headers: { authorization } })),
      ).toMatchObject({
        status: 401,
      });
    }
  });

  it("is refused without a session and to a player who is not an admin", async () => {
    expect(errorOf(await t.app.inject("/api/admin/metrics"))).toMatchObject({
      status: 401,
      code: "NOT_AUTHENTICATED",
    });
    const player = await signUp(t.app);
    expect(errorOf(await player.get("/api/admin/metrics"))).toMatchObject({
      status: 403,
      message: "Unauthorized: Admin access required",
    });
  });

  it("gives an admin this process's figures in Prometheus' text format", async () => {
    const first = await admin.get("/api/admin/metrics");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    const before = sample(first.body, 'bot_arena_http_requests_total{status="2xx"}')!;
    const refusedBefore = sample(first.body, 'bot_arena_http_requests_total{status="4xx"}')!;
    await t.app.inject("/api/health");
    await t.app.inject("/api/admin/metrics");
    // The loop delay shows the last complete window: close one now rather than wait ten seconds.
    t.app.metrics.closeWindow();

    const text = (await admin.get("/api/admin/metrics")).body;
    // The first scrape's own answer and /api/health: 2 more answered 2xx; the anonymous scrape a 401.
    expect(sample(text, 'bot_arena_http_requests_total{status="2xx"}')).toBe(before + 2);
    expect(sample(text, 'bot_arena_http_requests_total{status="4xx"}')).toBe(refusedBefore + 1);
    expect(sample(text, 'bot_arena_event_loop_delay_seconds{stat="p99"}')).toBeGreaterThan(0);
    expect(sample(text, "bot_arena_live_sockets")).toBe(0);
    expect(text).toContain("# TYPE bot_arena_http_request_duration_seconds histogram");
    expect(sample(text, 'bot_arena_http_request_duration_seconds_bucket{le="+Inf"}')).toBe(
      sample(text, "bot_arena_http_request_duration_seconds_count"),
    );
    // A pool only on PostgreSQL: its size is the configured one.
    if (t.database.driver === "postgres") {
      expect(sample(text, 'bot_arena_db_pool_connections{state="max"}')).toBe(25);
    } else {
      // Its HELP and TYPE lines stay (prom-client prints them for a gauge with no value), never a sample.
      expect(text).toContain("# TYPE bot_arena_db_pool_connections gauge");
      expect(text).not.toMatch(/^bot_arena_db_pool_connections\{/m);
    }
  });
});
