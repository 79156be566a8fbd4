import { authMessages } from "@bot-arena/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  errorOf,
  sessionCookieOf,
  signUp,
  type TestApp,
  testClock,
  uniqueName,
} from "../../../test/helpers";
import { coinLedger, sessions } from "../../platform/db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUpWith = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/auth/sign-up", payload: payload as object, headers });
const signInWith = (payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/auth/sign-in", payload: payload as object });

describe("sign-up", () => {
  it("creates the account with 1000 coins from a signup_bonus ledger row and signs the player in", async () => {
    const username = uniqueName("Ada");
    const response = await signUpWith({ username, email: `${username}@Arena.Test`, password: "secret1" });
    expect(response.statusCode).toBe(201);
    const me = response.json();
    expect(me).toEqual({
      id: expect.any(String),
      username,
      email: `${username}@Arena.Test`,
      coins: 1000,
      vaultCoins: 0,
      isAdmin: false,
    });
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, me.id));
    expect(ledger).toMatchObject([
      { account: "wallet", delta: 1000, balanceAfter: 1000, reason: "signup_bonus" },
    ]);

    const cookie = sessionCookieOf(response)!;
    const again = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(again.json()).toEqual(me);
  });

  it("trims the username and email", async () => {
    const username = uniqueName();
    const response = await signUpWith({
      username: `  ${username} `,
      email: ` ${username}@arena.test `,
      password: "secret1",
    });
    expect(response.json()).toMatchObject({ username, email: `${username}@arena.test` });
  });

  it.each([
    [
      "a missing username",
      { email: "x@arena.test", password: "secret1" },
      authMessages.usernameRequired,
      "username",
    ],
    [
      "a blank username",
      { username: "   ", email: "x@arena.test", password: "secret1" },
      authMessages.usernameRequired,
      "username",
    ],
    [
      "a 31-character username",
      { username: "u".repeat(31), email: "x@arena.test", password: "secret1" },
      authMessages.usernameTooLong,
      "username",
    ],
    ["a missing email", { username: "someone", password: "secret1" }, authMessages.emailRequired, "email"],
    [
      "an empty email",
      { username: "someone", email: "", password: "secret1" },
      authMessages.emailRequired,
      "email",
    ],
    [
      "a malformed email",
      { username: "someone", email: "not-an-email", password: "secret1" },
      authMessages.emailInvalid,
      "email",
    ],
    [
      "a missing password",
      { username: "someone", email: "x@arena.test" },
      authMessages.passwordRequired,
      "password",
    ],
    [
      "an empty password",
      { username: "someone", email: "x@arena.test", password: "" },
      authMessages.passwordRequired,
      "password",
    ],
    [
      "a 5-character password",
      { username: "someone", email: "x@arena.test", password: "12345" },
      authMessages.passwordTooShort,
      "password",
    ],
    [
      "a 201-character password",
      { username: "someone", email: "x@arena.test", password: "p".repeat(201) },
      authMessages.passwordTooLong,
      "password",
    ],
    [
      "a number for a username",
      { username: 42, email: "x@arena.test", password: "secret1" },
      authMessages.usernameRequired,
      "username",
    ],
  ])("refuses %s with its message", async (_, payload, message, field) => {
    const response = await signUpWith(payload);
    expect(errorOf(response)).toMatchObject({ status: 400, code: "VALIDATION_FAILED", message });
    expect(errorOf(response).fields?.[field]).toBe(message);
  });

  it("lists every invalid field, the first one as the message", async () => {
    const error = errorOf(await signUpWith({}));
    expect(error.message).toBe(authMessages.usernameRequired);
    expect(error.fields).toEqual({
      username: authMessages.usernameRequired,
      email: authMessages.emailRequired,
      password: authMessages.passwordRequired,
    });
  });

  it("treats a missing body like an empty form", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/sign-up" });
    expect(errorOf(response)).toMatchObject({ status: 400, message: authMessages.usernameRequired });
  });

  it("refuses an email that is taken in any letter case", async () => {
    const first = await signUp(t.app);
    const response = await signUpWith({
      username: uniqueName(),
      email: first.email.toUpperCase(),
      password: "secret1",
    });
    expect(errorOf(response)).toMatchObject({
      status: 409,
      code: "EMAIL_TAKEN",
      message: authMessages.emailTaken,
    });
  });

  it("refuses a username that is taken in any letter case", async () => {
    const first = await signUp(t.app);
    const response = await signUpWith({
      username: first.me.username.toUpperCase(),
      email: `${uniqueName()}@arena.test`,
      password: "secret1",
    });
    expect(errorOf(response)).toMatchObject({
      status: 409,
      code: "USERNAME_TAKEN",
      message: "This username is already taken",
    });
  });

  it("lets exactly one of two racing sign-ups with the same email through", async () => {
    const email = `${uniqueName()}@arena.test`;
    const responses = await Promise.all(
      [uniqueName(), uniqueName()].map((username) => signUpWith({ username, email, password: "secret1" })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe("sign-in", () => {
  it("signs in with the email in any case and a correct password", async () => {
    const player = await signUp(t.app);
    const response = await signInWith({ email: player.email.toUpperCase(), password: player.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(player.me);
    expect(sessionCookieOf(response)).not.toBe(player.cookie);
  });

  it("answers a wrong password and an unknown email with the same neutral 401", async () => {
    const player = await signUp(t.app);
    const wrongPassword = errorOf(await signInWith({ email: player.email, password: "not the password" }));
    const unknownEmail = errorOf(await signInWith({ email: "nobody@arena.test", password: "whatever1" }));
    const expected = { status: 401, code: "INVALID_CREDENTIALS", message: "Invalid email or password" };
    expect(wrongPassword).toMatchObject(expected);
    expect(unknownEmail).toMatchObject(expected);
  });

  it("validates its input", async () => {
    expect(errorOf(await signInWith({ email: "nope", password: "x" }))).toMatchObject({
      status: 400,
      message: authMessages.emailInvalid,
    });
    expect(errorOf(await signInWith({ email: "a@arena.test" }))).toMatchObject({
      status: 400,
      message: authMessages.passwordRequired,
    });
  });
});

describe("sessions", () => {
  it("refuses /api/me without a session, with a garbage cookie and with an unknown token", async () => {
    for (const cookie of [undefined, "ba_session=garbage", `ba_session=${"A".repeat(43)}`]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/me",
        headers: cookie ? { cookie } : {},
      });
      expect(errorOf(response)).toMatchObject({
        status: 401,
        code: "NOT_AUTHENTICATED",
        message: "Not authenticated",
      });
    }
  });

  it("sets an httpOnly, SameSite=Lax, 30-day cookie on the whole site, not Secure over plain HTTP", async () => {
    const response = await signUpWith({
      username: uniqueName(),
      email: `${uniqueName()}@arena.test`,
      password: "secret1",
    });
    const header = [response.headers["set-cookie"]].flat().find((line) => line?.startsWith("ba_session="));
    expect(header).toMatch(/^ba_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Path=/");
    expect(header).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(header).not.toContain("Secure");
  });

  it("stores only a hash of the token", async () => {
    const player = await signUp(t.app);
    const token = player.cookie.split("=")[1]!;
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, player.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the session probe answers a visitor (no, garbage or unknown cookie) with 200 and me: null", async () => {
    for (const cookie of [undefined, "ba_session=garbage", `ba_session=${"A".repeat(43)}`]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/session",
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ me: null });
      expect(response.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("the session probe answers a signed-in player with the same player as /api/me", async () => {
    const player = await signUp(t.app);
    const probe = await player.get("/api/session");
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ me: (await player.get("/api/me")).json() });
    await player.post("/api/auth/sign-out");
    expect((await player.get("/api/session")).json()).toEqual({ me: null });
  });

  it("sign-out ends the session on the server and clears the cookie", async () => {
    const player = await signUp(t.app);
    const response = await player.post("/api/auth/sign-out");
    expect(response.json()).toEqual({ ok: true });
    expect(String(response.headers["set-cookie"])).toMatch(
      /ba_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    expect((await player.get("/api/me")).statusCode).toBe(401);
  });

  it("sign-out without a session, or with JSON headers and no body, is fine", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { "content-type": "application/json" },
    });
    expect(response.json()).toEqual({ ok: true });
  });

  it("sign-out ends only that session: another device stays signed in", async () => {
    const player = await signUp(t.app);
    const other = sessionCookieOf(await signInWith({ email: player.email, password: player.password }))!;
    await player.post("/api/auth/sign-out");
    const response = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: other } });
    expect(response.statusCode).toBe(200);
  });

  it("an expired session is refused", async () => {
    const player = await signUp(t.app);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, player.id));
    expect((await player.get("/api/me")).statusCode).toBe(401);
  });

  it("renews a session past half its lifetime and re-sends the cookie; a fresh one is left alone", async () => {
    // The clock moves instead of the row, so the session this process remembers is the one renewed.
    const clock = testClock();
    const clocked = await createTestApp({ clock });
    try {
      const player = await signUp(clocked.app);
      const fresh = await player.get("/api/me");
      expect(fresh.headers["set-cookie"]).toBeUndefined();

      clock.advance(20 * 24 * 60 * 60_000);
      const renewed = await player.get("/api/me");
      expect(renewed.statusCode).toBe(200);
      expect(String(renewed.headers["set-cookie"])).toContain(player.cookie);
      const [row] = await clocked.db.select().from(sessions).where(eq(sessions.userId, player.id));
      expect(row!.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * 24 * 60 * 60_000);
      // Renewed, it is not renewed again on the next request.
      expect((await player.get("/api/me")).headers["set-cookie"]).toBeUndefined();

      // Past its (renewed) end, the remembered session is refused too.
      clock.advance(31 * 24 * 60 * 60_000);
      expect((await player.get("/api/me")).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });
});

describe("cross-origin requests", () => {
  const attempt = (headers: Record<string, string>) =>
    signUpWith(
      { username: uniqueName(), email: `${uniqueName()}@arena.test`, password: "secret1" },
      {
        host: "arena.example",
        ...headers,
      },
    );

  it("refuses a state change whose Origin is another site", async () => {
    expect(errorOf(await attempt({ origin: "https://evil.example" }))).toEqual({
      status: 403,
      code: "CROSS_ORIGIN_REFUSED",
      message: "Cross-origin request refused",
    });
    expect((await attempt({ origin: "null" })).statusCode).toBe(403);
  });

  it("refuses a state change without Origin that the browser marks cross-site", async () => {
    expect((await attempt({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
  });

  it("accepts the server's own origin and requests from no browser page", async () => {
    expect((await attempt({ origin: "http://arena.example" })).statusCode).toBe(201);
    expect((await attempt({ "sec-fetch-site": "same-origin" })).statusCode).toBe(201);
    expect((await attempt({})).statusCode).toBe(201);
  });

  it("lets reads through from anywhere", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(200);
  });
});
