// The database going away: requests answer 503 SERVICE_UNAVAILABLE in the error shape while it is gone, and
// succeed again once it is back, without a restart. The mapping is checked on every driver; the real outage
// (a TCP proxy cut between the app and PostgreSQL) needs PostgreSQL and runs with DATABASE_URL.
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../src/platform/db/postgres";
import { NotPrimaryError } from "../../src/platform/db/primary";
import { installErrorHandler } from "../../src/platform/errors";
import { createTestApp, createTestDatabase, errorOf, signUp } from "../helpers";
import { startServerProcess } from "../server-process";
import { startTcpProxy } from "./tcp-proxy";

const unavailable = {
  status: 503,
  code: "SERVICE_UNAVAILABLE",
  message: "The game is briefly unavailable, please try again in a moment",
};

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("errors that mean the database is unreachable", () => {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  const thrown: Record<string, () => unknown> = {
    refused: () => withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
    reset: () => withCode("read ECONNRESET", "ECONNRESET"),
    terminated: () => new Error("Connection terminated unexpectedly"),
    poolTimeout: () => new Error("timeout exceeded when trying to connect"),
    adminShutdown: () => withCode("terminating connection due to administrator command", "57P01"),
    tooMany: () => withCode("sorry, too many clients already", "53300"),
    // DATABASE_URL lists several hosts and none is a writable primary now (a failover under way).
    notPrimary: () => new NotPrimaryError("the database host db1:5432 is a standby (in recovery)"),
    readOnly: () => withCode("cannot execute UPDATE in a read-only transaction", "25006"),
    // Rolled back whole by the database: as transient as an outage, and logged for the feature to fix.
    deadlock: () => withCode("deadlock detected", "40P01"),
    // Drizzle wraps the driver's error in a query error with the cause behind it.
    wrapped: () => new Error("Failed query: select 1", { cause: withCode("read ECONNRESET", "ECONNRESET") }),
  };
  for (const [name, error] of Object.entries(thrown)) {
    app.get(`/${name}`, async () => {
      throw error();
    });
  }
  app.get("/bug", async () => {
    throw new TypeError("undefined is not a function");
  });
  afterAll(() => app.close());

  it("answer 503 SERVICE_UNAVAILABLE with Retry-After", async () => {
    for (const name of Object.keys(thrown)) {
      const response = await app.inject({ method: "GET", url: `/${name}` });
      expect({ name, ...errorOf(response) }).toEqual({ name, ...unavailable });
      expect(response.headers["retry-after"]).toBe("1");
    }
  });

  it("while a plain bug stays a 500 INTERNAL", async () => {
    expect(errorOf(await app.inject({ method: "GET", url: "/bug" }))).toMatchObject({
      status: 500,
      code: "INTERNAL",
    });
  });
});

if (process.env.DATABASE_URL) {
  describe("PostgreSQL cut off and back (TCP proxy)", () => {
    it("answers 503 during the outage and 200 after it, with no restart", async () => {
      const target = await createTestDatabase();
      const direct = new URL(target.url!);
      const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(direct);
      viaProxy.port = String(proxy.port);
      const database = await openPostgres(viaProxy.toString(), { poolSize: 4, log: { warn() {} } });
      const t = await createTestApp({ database, config: { metricsToken: "outage-scraper-token-0001" } });
      try {
        const player = await signUp(t.app);
        expect((await player.get("/api/me")).statusCode).toBe(200);

        proxy.cut();
        // The cut resets every connection and refuses new ones, so each request answers 503 at once; one that hung
        // instead would end the test at its time limit. No wall-clock bound of its own: a busy machine's is not ours.
        for (const request of [() => player.get("/api/me"), () => player.post("/api/auth/sign-out")]) {
          expect(errorOf(await request())).toEqual(unavailable);
        }

        // Readiness says so (a load balancer stops sending players here); liveness does not (no restart).
        await expect.poll(async () => (await t.app.inject("/api/health/ready")).statusCode).toBe(503);
        const notReady = (await t.app.inject("/api/health/ready")).json();
        expect(notReady).toMatchObject({ ready: false, checks: { database: false } });
        expect(notReady.reasons[0]).toMatch(/^the database /);
        expect((await t.app.inject("/api/health/live")).statusCode).toBe(200);
        // The figures still answer a scraper, when they matter most.
        const scraped = await t.app.inject({
          url: "/api/admin/metrics",
          headers: { authorization: "Bearer outage-scraper-token-0001" },
        });
        expect(scraped.statusCode).toBe(200);

        proxy.restore();
        // Ready again by itself once the database answers.
        await expect.poll(async () => (await t.app.inject("/api/health/ready")).statusCode).toBe(200);
        const me = await player.get("/api/me");
        expect(me.statusCode).toBe(200);
        expect(me.json()).toMatchObject({ id: player.id, coins: 1000 });
      } finally {
        await t.close();
        await database.close();
        await proxy.close();
        await target.drop();
      }
    });

    it("a start waits for a PostgreSQL not reachable yet, and begins once it answers", async () => {
      const target = await createTestDatabase({ empty: true });
      const direct = new URL(target.url!);
      const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(direct);
      viaProxy.port = String(proxy.port);
      proxy.cut();
      let output = "";
      const starting = startServerProcess({
        databaseUrl: viaProxy.toString(),
        env: { DATABASE_CONNECT_TIMEOUT_MS: "60000" },
        onOutput: (text) => {
          output = text;
        },
      });
      try {
        await expect.poll(() => output).toContain("database: not reachable yet, trying again");
        proxy.restore();
        const server = await starting;
        expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
        await server.stop();
      } finally {
        await proxy.close();
        await target.drop();
      }
    }, 120_000);
  });
}
