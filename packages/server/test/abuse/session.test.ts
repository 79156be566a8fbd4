// Sessions under attack: cookie flags, sign-out revoking the cookie on every route, the login limit that a
// spoofed X-Forwarded-For cannot dodge (with no proxy trusted, or behind one at a trusted address), cross-origin
// state changes refused on every route, and neither the password, its hash nor the session token ever in an
// answer body or a log line.
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { profiles } from "../../src/platform/db/schema";
import { loggerOptions } from "../../src/platform/logger";
import {
  createTestApp,
  createTestDatabase,
  errorOf,
  signUp,
  type TestApp,
  type TestDatabase,
  testConfig,
} from "../helpers";
import { fillPath, servedRoutes } from "./contract-routes";

let shared: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  shared = await createTestDatabase();
  t = await createTestApp({ database: shared.database });
});
afterAll(async () => {
  await t.close();
  await shared.drop();
});

const stateChanging = (app: FastifyInstance) => servedRoutes(app).filter((r) => r.spec.method !== "GET");

describe("the session cookie", () => {
  it("is httpOnly, SameSite=Lax, whole-site, and Secure when the server is told it is behind HTTPS", async () => {
    const secure = await createTestApp({ database: shared.database, config: { cookieSecure: "always" } });
    try {
      const response = await secure.app.inject({
        method: "POST",
        url: "/api/auth/sign-up",
        payload: { username: "flags_pilot", email: "flags@arena.test", password: "secret12" },
      });
      const cookie = response.cookies.find((c) => c.name === "ba_session")!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: true });
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await secure.close();
    }
  });

  it("stops working on every player route once signed out", async () => {
    const player = await signUp(t.app);
    expect((await player.get("/api/me")).statusCode).toBe(200);
    const out = await player.post("/api/auth/sign-out");
    expect(out.cookies.find((c) => c.name === "ba_session")?.value).toBe("");
    for (const route of servedRoutes(t.app).filter((r) => r.spec.auth !== "none")) {
      const response = await player.request({ method: route.spec.method, url: fillPath(route.spec.path) });
      expect({ route: route.name, status: response.statusCode }).toEqual({ route: route.name, status: 401 });
    }
  });
});

describe("the login limit", () => {
  it("cannot be dodged with a made-up X-Forwarded-For when no proxy is trusted", async () => {
    const limited = await createTestApp({
      database: shared.database,
      config: { rateLimit: { authMax: 3, authWindowMs: 60_000 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await limited.app.inject({
          method: "POST",
          url: "/api/auth/sign-in",
          headers: { "x-forwarded-for": `203.0.113.${i}` },
          payload: { email: "nobody@arena.test", password: "guess-number-i" },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

// Behind nginx with `X-Forwarded-For $proxy_add_x_forwarded_for` (docs/operations.md): the header reaches the
// server as "<whatever the client wrote>, <the address nginx saw>", from nginx's own address.
describe("behind a proxy (TRUST_PROXY)", () => {
  const PROXY = "127.0.0.1";
  const withProxy = (trustProxy: boolean | string[]) =>
    createTestApp({
      database: shared.database,
      config: { trustProxy, rateLimit: { authMax: 3, authWindowMs: 60_000 } },
    });
  // Each sign-in names a fresh email: the per-account guessing throttle must not be what answers 429 here.
  let guesses = 0;
  const wrongSignIn = (app: FastifyInstance, forwardedFor: string, remoteAddress = PROXY) =>
    app
      .inject({
        method: "POST",
        url: "/api/auth/sign-in",
        remoteAddress,
        headers: { "x-forwarded-for": forwardedFor },
        payload: { email: `guess${++guesses}@arena.test`, password: "guess-again" },
      })
      .then((response) => response.statusCode);

  it("counts the address the trusted proxy appended, not the ones the client wrote before it", async () => {
    const proxied = await withProxy([PROXY]);
    try {
      const spoofing: number[] = [];
      for (let i = 0; i < 5; i++)
        spoofing.push(await wrongSignIn(proxied.app, `203.0.113.${i}, 198.51.100.7`));
      expect(spoofing).toEqual([401, 401, 401, 429, 429]);
      // Another client behind the same proxy has a count of its own.
      expect(await wrongSignIn(proxied.app, "198.51.100.8")).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it("believes nothing from a client that is not the trusted proxy", async () => {
    const proxied = await withProxy([PROXY]);
    try {
      const direct: number[] = [];
      for (let i = 0; i < 4; i++)
        direct.push(await wrongSignIn(proxied.app, `198.51.100.${20 + i}`, "192.0.2.50"));
      expect(direct).toEqual([401, 401, 401, 429]);
      const proto = await proxied.app.inject({
        method: "POST",
        url: "/api/auth/sign-up",
        remoteAddress: "192.0.2.51",
        headers: { "x-forwarded-proto": "https" },
        payload: { username: "direct_pilot", email: "direct@arena.test", password: "secret12" },
      });
      expect(proto.cookies.find((c) => c.name === "ba_session")?.secure).toBeFalsy();
      const viaProxy = await proxied.app.inject({
        method: "POST",
        url: "/api/auth/sign-up",
        remoteAddress: PROXY,
        headers: { "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.30" },
        payload: { username: "proxied_pilot", email: "proxied@arena.test", password: "secret12" },
      });
      expect(viaProxy.cookies.find((c) => c.name === "ba_session")?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it("TRUST_PROXY=on believes the leftmost address: a client behind an appending proxy picks its own", async () => {
    // Why docs/operations.md names the proxy's address instead: every made-up address is a fresh limit.
    const everyHop = await withProxy(true);
    try {
      const spoofing: number[] = [];
      for (let i = 0; i < 5; i++)
        spoofing.push(await wrongSignIn(everyHop.app, `192.0.2.${i}, 198.51.100.9`));
      expect(spoofing).toEqual([401, 401, 401, 401, 401]);
    } finally {
      await everyHop.close();
    }
  });
});

describe("cross-origin state changes", () => {
  it("are refused on every state-changing route of the contract, before anything happens", async () => {
    const player = await signUp(t.app);
    const attacks = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const route of stateChanging(t.app)) {
      for (const headers of attacks) {
        const response = await player.request({
          method: route.spec.method,
          url: fillPath(route.spec.path),
          headers,
        });
        expect({ route: route.name, ...errorOf(response) }).toMatchObject({
          status: 403,
          code: "CROSS_ORIGIN_REFUSED",
        });
      }
    }
    expect((await player.get("/api/me")).json()).toMatchObject({ coins: 1000 });
  });

  it("are refused as a form post (text/plain, the cross-site request a page may send without asking)", async () => {
    const player = await signUp(t.app);
    const response = await player.request({
      method: "POST",
      url: "/api/bank/deposit",
      headers: { "content-type": "text/plain" },
      payload: '{"amount":100}',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe("secrets", () => {
  it("never appear in an answer body, a non-cookie header or a log line, even at trace level", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = testConfig({ logLevel: "trace" });
    const app = await buildApp({
      config,
      database: shared.database,
      // The app's own redaction settings, written to our stream instead of stdout.
      logger: { ...(loggerOptions("trace") as object), stream },
    });
    await app.ready();
    const answers: LightMyRequestResponse[] = [];
    const password = "hunter2-but-longer";
    try {
      const up = await app.inject({
        method: "POST",
        url: "/api/auth/sign-up",
        payload: { username: "secret_keeper", email: "keeper@arena.test", password },
      });
      answers.push(up);
      const token = up.cookies.find((c) => c.name === "ba_session")!.value;
      const cookie = `ba_session=${token}`;
      answers.push(
        await app.inject({
          method: "POST",
          url: "/api/auth/sign-in",
          payload: { email: "keeper@arena.test", password },
        }),
        await app.inject({
          method: "POST",
          url: "/api/auth/sign-in",
          payload: { email: "keeper@arena.test", password: `${password}x` },
        }),
      );
      for (const route of servedRoutes(app)) {
        if (route.name === "POST /api/auth/sign-out") continue;
        answers.push(
          await app.inject({
            method: route.spec.method,
            url: fillPath(route.spec.path),
            headers: { cookie },
          }),
        );
      }
      answers.push(await app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie } }));
      const [row] = await shared.database.db
        .select({ hash: profiles.passwordHash })
        .from(profiles)
        .where(eq(profiles.email, "keeper@arena.test"));

      const secrets = { password, token, hash: row!.hash, hashKey: row!.hash.split("$").at(-1)! };
      const visible = answers.map((a) => {
        const { "set-cookie": _cookie, ...headers } = a.headers;
        return `${JSON.stringify(headers)} ${a.body}`;
      });
      expect(lines.length).toBeGreaterThan(answers.length); // the log did record the requests
      for (const [name, secret] of Object.entries(secrets)) {
        expect(
          visible.filter((text) => text.includes(secret)),
          `${name} in an answer`,
        ).toEqual([]);
        expect(
          lines.filter((line) => line.includes(secret)),
          `${name} in the log`,
        ).toEqual([]);
      }
      expect(visible.some((text) => text.includes("scrypt$"))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
