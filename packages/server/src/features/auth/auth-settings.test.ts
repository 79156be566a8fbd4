// Account behaviour that depends on configuration: rate limits, Secure cookies behind a proxy, admin emails.
import { describe, expect, it } from "vitest";
import { appsOnOneDatabase, errorOf, signUp, uniqueName } from "../../../test/helpers";

const { appWith } = appsOnOneDatabase();

const form = () => {
  const username = uniqueName();
  return { username, email: `${username}@arena.test`, password: "secret1" };
};

describe("rate limiting", () => {
  it("answers 429 RATE_LIMITED once an address passes the sign-in limit, and counts addresses apart", async () => {
    const { app } = await appWith({ rateLimit: { authMax: 3, authWindowMs: 60_000 } });
    const signIn = (ip: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        remoteAddress: ip,
        payload: { email: "who@arena.test", password: "wrong-password" },
      });
    for (let i = 0; i < 3; i++) expect((await signIn("10.0.0.1")).statusCode).toBe(401);
    const limited = await signIn("10.0.0.1");
    expect(errorOf(limited)).toEqual({
      status: 429,
      code: "RATE_LIMITED",
      message: "Too many attempts, please try again later",
    });
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await signIn("10.0.0.2")).statusCode).toBe(401);
  });

  it("limits sign-up too", async () => {
    const { app } = await appWith({ rateLimit: { authMax: 2, authWindowMs: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ method: "POST", url: "/api/auth/sign-up", payload: form() });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it("leaves other routes alone", async () => {
    const { app } = await appWith({ rateLimit: { authMax: 1, authWindowMs: 60_000 } });
    for (let i = 0; i < 5; i++) expect((await app.inject("/api/health")).statusCode).toBe(200);
  });
});

describe("cookies behind a TLS-terminating proxy", () => {
  it("marks the cookie Secure when the proxy says the request came over HTTPS", async () => {
    const { app } = await appWith({ trustProxy: true });
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      headers: { "x-forwarded-proto": "https" },
      payload: form(),
    });
    expect(String(response.headers["set-cookie"])).toContain("Secure");
  });

  it("ignores X-Forwarded-Proto from clients when no proxy is trusted", async () => {
    const { app } = await appWith({ trustProxy: false });
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      headers: { "x-forwarded-proto": "https" },
      payload: form(),
    });
    expect(String(response.headers["set-cookie"])).not.toContain("Secure");
  });

  it("COOKIE_SECURE=on forces it", async () => {
    const { app } = await appWith({ cookieSecure: "always" });
    const response = await app.inject({ method: "POST", url: "/api/auth/sign-up", payload: form() });
    expect(String(response.headers["set-cookie"])).toContain("Secure");
  });
});

describe("admins from ADMIN_EMAILS", () => {
  it("grants admin at sign-up to a listed address, in any letter case", async () => {
    const { app } = await appWith({ adminEmails: ["boss@arena.test"] });
    const boss = await signUp(app, { email: "Boss@Arena.Test" });
    expect(boss.me.isAdmin).toBe(true);
    expect((await boss.get("/api/me")).json().isAdmin).toBe(true);
    const player = await signUp(app);
    expect(player.me.isAdmin).toBe(false);
  });

  it("grants it at sign-in to an existing account added to the list later", async () => {
    const before = await appWith({});
    const veteran = await signUp(before.app);
    expect(veteran.me.isAdmin).toBe(false);
    const after = await appWith({ adminEmails: [veteran.email] });
    const response = await after.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      payload: { email: veteran.email, password: veteran.password },
    });
    expect(response.json().isAdmin).toBe(true);
  });
});
