// Password guessing per account: free failures, a growing wait, then a lock; the same for unknown emails; a
// device that signed in before is counted apart; guesses sent all at once are counted before they are checked.
import { accountMessages, authMessages } from "@bot-arena/contract";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, signUp, type TestApp } from "../../../test/helpers";
import { accountSightings } from "../../platform/db/schema";
import { memoryLimitStore } from "../../platform/limits/store";
import { createGuessingThrottle, DEVICE_COOKIE, LOCK_MS, waitAfterFailure } from "./guessing";

describe("the wait after each failure", () => {
  it("is none for four, then 1, 2, 4, 8 and 16 seconds, then a 15-minute lock", () => {
    expect([1, 2, 3, 4].map(waitAfterFailure)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9].map(waitAfterFailure)).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(waitAfterFailure(10)).toBe(15 * 60_000);
    expect(waitAfterFailure(50)).toBe(LOCK_MS);
  });
});

describe("the throttle over time (memory store, a clock the test moves)", () => {
  const fakeReply = () => {
    const headers: Record<string, string> = {};
    return {
      headers,
      reply: { header: (k: string, v: string) => (headers[k] = v) } as unknown as FastifyReply,
    };
  };
  const noCookies = { cookies: {} } as unknown as FastifyRequest;

  it("locks after ten failures for 15 minutes, then lets the account try again", async () => {
    let now = 0;
    const throttle = createGuessingThrottle(memoryLimitStore(() => now));
    const key = await throttle.signInKey("Victim@Arena.test", noCookies);
    /** One wrong guess: admitted and failed, or refused with its words and Retry-After. */
    const attempt = async () => {
      const { reply, headers } = fakeReply();
      try {
        await throttle.failed(key, await throttle.admitSignIn(key, reply));
        return "checked";
      } catch (error) {
        return `${(error as Error).message} [${headers["retry-after"]}]`;
      }
    };
    for (let i = 0; i < 4; i++) expect(await attempt()).toBe("checked");
    for (const wait of [1000, 2000, 4000, 8000, 16_000]) {
      expect(await attempt()).toBe("checked");
      expect(await attempt()).toBe(`${accountMessages.signInWait(wait / 1000)} [${wait / 1000}]`);
      now += wait;
    }
    expect(await attempt()).toBe("checked"); // the tenth: checked, and the lock starts
    expect(await attempt()).toBe(`${accountMessages.signInLocked(15)} [900]`);
    now += LOCK_MS - 1000;
    expect(await attempt()).toBe(`${accountMessages.signInWait(1)} [1]`);
    now += 1000;
    // The failure window (15 minutes from the first) has passed too: a fresh start.
    expect(await attempt()).toBe("checked");
  });

  it("the same email in another letter case is the same account", async () => {
    const throttle = createGuessingThrottle(memoryLimitStore(() => 0));
    expect(await throttle.signInKey(" A@B.test", noCookies)).toBe(
      await throttle.signInKey("a@b.TEST", noCookies),
    );
  });
});

describe("signing in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      payload: { email, password },
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it("waits after the fifth failure, with the same words for an account and for an unknown email", async () => {
    const player = await signUp(t.app);
    const store = t.app.requestLimits.store;
    const keyOf = (email: string) =>
      createGuessingThrottle(store).signInKey(email, { cookies: {} } as FastifyRequest);
    for (const email of [player.email, "nobody-at-all@arena.test"]) {
      for (let i = 0; i < 5; i++) {
        expect(errorOf(await signIn(email, "wrong-guess"))).toMatchObject({
          status: 401,
          message: authMessages.invalidCredentials,
        });
      }
      // Only refusals that check no password follow within the one-second wait, so a slow machine (each
      // check is a deliberately slow hash) cannot let the wait run out before they are sent.
      const waiting = await signIn(email, "wrong-guess");
      expect(errorOf(waiting)).toEqual({
        status: 429,
        code: "RATE_LIMITED",
        message: accountMessages.signInWait(1),
      });
      expect(waiting.headers["retry-after"]).toBe("1");
      // The right password waits too (from a device that never signed in).
      expect((await signIn(email, player.password)).statusCode).toBe(429);
      // The wait ends (the clock's part is the unit test's above): the store forgets it, as time would.
      await store.reset(`wait:${await keyOf(email)}`);
    }
    // Then the right password works and clears the count: four more wrong guesses are free again.
    expect((await signIn(player.email, player.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(player.email, "wrong-guess")).statusCode).toBe(401);
    expect((await signIn(player.email, "wrong-guess")).statusCode).toBe(401);
    expect((await signIn(player.email, "wrong-guess")).statusCode).toBe(429);
  });

  it("counts guesses sent all at once before checking them: at most ten are checked", async () => {
    const player = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(player.email, "wrong-guess")));
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(30 - checked);
  });

  it("lets a device that signed in before through while strangers' guesses hold the account", async () => {
    const player = await signUp(t.app);
    const first = await signIn(player.email, player.password);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, path: "/api/auth", sameSite: "Lax" });
    // Strangers' guesses have locked the account (set in the store, so no test waits 31 seconds for it).
    const store = t.app.requestLimits.store;
    const key = await createGuessingThrottle(store).signInKey(player.email, {
      cookies: {},
    } as FastifyRequest);
    await store.hit(`lock:${key}`, LOCK_MS);
    expect(errorOf(await signIn(player.email, player.password))).toMatchObject({
      status: 429,
      message: accountMessages.signInLocked(15),
    });
    const known = await signIn(player.email, player.password, `${DEVICE_COOKIE}=${device!.value}`);
    expect(known.statusCode).toBe(200);
    // A made-up device cookie counts as a stranger.
    const forged = await signIn(player.email, player.password, `${DEVICE_COOKIE}=${"x".repeat(43)}`);
    expect(forged.statusCode).toBe(429);
  });

  it("remembers the device an account was made on, in the database with its sightings, not in the limit store", async () => {
    const made = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      payload: {
        username: `dev_${Date.now().toString(36)}`,
        email: `dev_${Date.now()}@arena.test`,
        password: "secret12",
      },
    });
    expect(made.statusCode).toBe(201);
    const device = made.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    const email = made.json<{ email: string }>().email;
    const store = t.app.requestLimits.store;
    const key = await createGuessingThrottle(store).signInKey(email, { cookies: {} } as FastifyRequest);
    await store.hit(`lock:${key}`, LOCK_MS);
    // The limit store (Redis, which may restart empty) holds no device: the account's sightings do.
    const rows = await t.db.select().from(accountSightings).where(eq(accountSightings.kind, "device"));
    expect(rows.length).toBeGreaterThan(0);
    expect((await signIn(email, "secret12", `${DEVICE_COOKIE}=${device.value}`)).statusCode).toBe(200);
    expect((await signIn(email, "secret12")).statusCode).toBe(429);
  });
});
