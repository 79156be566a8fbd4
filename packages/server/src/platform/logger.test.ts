// The log a person reads and the log a machine reads: which format a process chooses, what each looks like,
// and that a request's own lines sit at debug, below the default level of both.
import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { buildApp } from "../app";
import { startBanner } from "./banner";
import { ConfigError, chooseLogFormat, loadConfig } from "./config";
import { logDestination, loggerOptions } from "./logger";
import { parseS3Location } from "./media/s3-location";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe("the log's format", () => {
  it("is readable on a terminal and JSON lines anywhere else, unless LOG_FORMAT says", () => {
    expect(chooseLogFormat(undefined, true)).toBe("pretty");
    expect(chooseLogFormat("", true)).toBe("pretty");
    expect(chooseLogFormat("auto", true)).toBe("pretty");
    expect(chooseLogFormat(undefined, false)).toBe("json");
    expect(chooseLogFormat("auto", false)).toBe("json");
    expect(chooseLogFormat("json", true)).toBe("json");
    expect(chooseLogFormat(" JSON ", true)).toBe("json");
    expect(chooseLogFormat("pretty", false)).toBe("pretty");
    expect(() => chooseLogFormat("xml", true)).toThrow(ConfigError);
  });

  it("shows warnings and errors on a terminal and info in JSON, unless LOG_LEVEL says", () => {
    expect(loadConfig({}, true)).toMatchObject({ logFormat: "pretty", logLevel: "warn" });
    expect(loadConfig({}, false)).toMatchObject({ logFormat: "json", logLevel: "info" });
    expect(loadConfig({ LOG_FORMAT: "json" }, true)).toMatchObject({ logFormat: "json", logLevel: "info" });
    expect(loadConfig({ LOG_LEVEL: "debug" }, true)).toMatchObject({
      logFormat: "pretty",
      logLevel: "debug",
    });
    expect(() => loadConfig({ LOG_FORMAT: "loud" }, true)).toThrow(ConfigError);
  });

  it("JSON leaves pino its own stdout; pretty writes readable lines, secrets still redacted", async () => {
    expect(await logDestination("json")).toBeUndefined();
    const out = capture();
    const { log } = Fastify({ logger: loggerOptions("warn", await logDestination("pretty", out.stream)) });
    log.info("not shown at warn");
    log.warn({ body: { password: "hunter2-but-longer" } }, "a warning for a person");
    const text = out.lines.join("\n");
    expect(text).toContain("WARN");
    expect(text).toContain("a warning for a person");
    expect(text).toContain("[redacted]");
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("not shown");
    expect(out.lines[0]?.startsWith("{")).toBe(false);
  });
});

describe("the start banner", () => {
  const base = {
    databaseUrl: null,
    dataDir: "/srv/arena",
    mediaS3: null,
    adminEmails: [],
    logLevel: "warn",
    cashout: loadConfig({}).cashout,
  };

  it("is the one line the process tests wait for in JSON, and a few for a person on a terminal", () => {
    expect(startBanner({ ...base, logFormat: "json", logLevel: "info" }, 3000)).toBe(
      "Bot Arena running at http://localhost:3000",
    );
    const banner = startBanner({ ...base, logFormat: "pretty" }, 3000);
    expect(banner.split("\n")[0]).toBe("Bot Arena running at http://localhost:3000");
    expect(banner).toContain("PGlite (embedded) in /srv/arena/pglite");
    expect(banner).toContain("media     in the database");
    expect(banner).toContain("npm run admin -- grant");
    expect(banner).toContain("warnings and errors");
    expect(banner).toContain("payouts   record-only: admins pay each request and mark it paid");
    const zbd = startBanner(
      {
        ...base,
        logFormat: "pretty",
        cashout: loadConfig({
          CASHOUT_PROVIDER: "zbd",
          ZBD_API_KEY: "k",
          ZBD_API_URL: "https://zbd.example:8443/x",
        }).cashout,
      },
      3000,
    );
    expect(zbd).toContain(
      "payouts   ZBD at zbd.example:8443/x pays gamertags (CASHOUT_PROVIDER=zbd), 1 coin = 1000 msats",
    );
    expect(zbd).not.toContain(" k ");
  });

  it("names a PostgreSQL and a bucket by where they are, never their secrets", () => {
    const banner = startBanner(
      {
        ...base,
        logFormat: "pretty",
        databaseUrl: "postgres://arena:s3cret@db.internal:5433/arena",
        adminEmails: ["boss@arena.io"],
      },
      8080,
    );
    expect(banner).toContain("PostgreSQL at db.internal:5433/arena");
    expect(banner).not.toContain("s3cret");
    const withBucket = startBanner(
      {
        ...base,
        logFormat: "pretty",
        mediaS3: parseS3Location("s3://key:bucketSecret@arena-media?endpoint=http://minio:9000", {}),
      },
      8080,
    );
    expect(withBucket).toContain("media     S3 bucket at http://minio:9000/arena-media (MEDIA_S3_URL)");
    expect(withBucket).not.toContain("bucketSecret");
    expect(banner).toContain("boss@arena.io");
  });
});

describe("a request's log lines", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function linesOfOneRequest(level: string) {
    const out = capture();
    const app = await buildApp({
      config: t.config,
      database: t.database,
      logger: loggerOptions(level, out.stream),
    });
    try {
      await app.ready();
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/api/no-such-route" })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    return out.lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  }

  it("are not at info: a server at its default level writes none for a request", async () => {
    const messages = (await linesOfOneRequest("info")).map((line) => line.msg);
    expect(messages).not.toContain("incoming request");
    expect(messages).not.toContain("request completed");
  });

  it("are at debug: LOG_LEVEL=debug brings both back", async () => {
    const lines = await linesOfOneRequest("debug");
    const incoming = lines.filter((line) => line.msg === "incoming request");
    const completed = lines.filter((line) => line.msg === "request completed");
    expect(incoming).toHaveLength(2);
    expect(completed).toHaveLength(2);
    for (const line of [...incoming, ...completed]) expect(line.level).toBe(20); // pino's debug
  });
});

describe("following a request", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function appWith(config: Partial<TestApp["config"]>, out = capture()) {
    const app = await buildApp({
      config: { ...t.config, ...config },
      database: t.database,
      logger: loggerOptions("info", out.stream),
    });
    app.get("/api/test-fails", async () => {
      // A driver's error carries its client, connection and cancel key; the log must show none of them.
      throw Object.assign(new Error("boom"), {
        client: { secretKey: 1234567, connection: { big: "x".repeat(5000) } },
      });
    });
    await app.ready();
    return { app, out };
  }

  it("gives each answer an id unique across processes, and keeps a trusted proxy's", async () => {
    const direct = await appWith({ trustProxy: false });
    const proxied = await appWith({ trustProxy: ["127.0.0.1"] });
    try {
      const ids = await Promise.all(
        [1, 2].map(async () => (await direct.app.inject("/api/health")).headers["x-request-id"]),
      );
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(ids[0]).not.toBe(ids[1]);
      const sent = { "x-request-id": "nginx-7f3a9c2e41" };
      expect(
        (await direct.app.inject({ url: "/api/health", headers: sent })).headers["x-request-id"],
      ).not.toBe("nginx-7f3a9c2e41");
      expect((await proxied.app.inject({ url: "/api/health", headers: sent })).headers["x-request-id"]).toBe(
        "nginx-7f3a9c2e41",
      );
      const odd = { "x-request-id": "<script>" };
      expect(
        (await proxied.app.inject({ url: "/api/health", headers: odd })).headers["x-request-id"],
      ).not.toBe("<script>");
    } finally {
      await direct.app.close();
      await proxied.app.close();
    }
  });

  it("writes a 500 with its method, URL, route, status and id, and an error without its driver's insides", async () => {
    const { app, out } = await appWith({});
    try {
      const answer = await app.inject("/api/test-fails?x=1");
      expect(answer.statusCode).toBe(500);
      const line = out.lines
        .map((text) => JSON.parse(text))
        .find((entry) => entry.msg === "unexpected error");
      expect(line).toMatchObject({
        reqId: answer.headers["x-request-id"],
        method: "GET",
        url: "/api/test-fails?x=1",
        route: "/api/test-fails",
        status: 500,
        userId: null,
        err: { type: "Error", message: "boom" },
      });
      expect(Object.keys(line.err).sort()).toEqual(["message", "stack", "type"]);
      expect(JSON.stringify(line)).not.toContain("secretKey");
    } finally {
      await app.close();
    }
  });
});
