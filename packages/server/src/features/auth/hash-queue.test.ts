// Password checks on the hash workers: a full lane answers 429 with Retry-After at once (and that is never
// counted as a guess), a remembered device has room strangers cannot take, and /api/me never waits for hashing.
import { authMessages } from "@bot-arena/contract";
import type { FastifyReply } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appsOnOneDatabase, errorOf, signUp, type TestApp } from "../../../test/helpers";
import type { HashSeat } from "../../platform/auth/password-hasher";
import { DEVICE_COOKIE } from "./guessing";

const shared = appsOnOneDatabase();
const noHeaders = { header: () => noHeaders } as unknown as FastifyReply;

const signIn = (t: TestApp, email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    payload: { email, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe("a full lane of password checks", () => {
  let t: TestApp;
  let held: HashSeat[] = [];
  beforeAll(async () => {
    t = await shared.appWith({ passwordHashing: { workers: 1, queue: 2, niceness: 0, strangerShare: 100 } });
  });
  /** Takes every seat of the strangers' lane, as a flood of sign-ins would. */
  const fillStrangersLane = () => {
    held = [t.app.passwords.seat("unknown", noHeaders), t.app.passwords.seat("unknown", noHeaders)];
  };
  const freeStrangersLane = () => {
    for (const seat of held) seat.release();
    held = [];
  };
  afterAll(freeStrangersLane);

  it("answers a sign-in and a sign-up 429 with Retry-After at once", async () => {
    const player = await signUp(t.app);
    fillStrangersLane();
    try {
      for (const answer of [
        await signIn(t, player.email, player.password),
        await t.app.inject({
          method: "POST",
          url: "/api/auth/sign-up",
          payload: { username: "late_comer", email: "late@arena.test", password: "secret1" },
        }),
      ]) {
        expect(errorOf(answer)).toEqual({
          status: 429,
          code: "RATE_LIMITED",
          message: authMessages.passwordChecksBusy,
        });
        expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      }
    } finally {
      freeStrangersLane();
    }
    expect((await signIn(t, player.email, player.password)).statusCode).toBe(200);
  });

  it("never counts a busy refusal as a guess", async () => {
    const player = await signUp(t.app);
    fillStrangersLane();
    try {
      for (let i = 0; i < 8; i++) expect((await signIn(t, player.email, "wrong-guess")).statusCode).toBe(429);
    } finally {
      freeStrangersLane();
    }
    // Had the eight counted, this would be the ninth failure and the right password would then have to wait.
    expect((await signIn(t, player.email, "wrong-guess")).statusCode).toBe(401);
    expect((await signIn(t, player.email, player.password)).statusCode).toBe(200);
  });

  it("keeps room for a device that signed in to the account before, and only for that account", async () => {
    const player = await signUp(t.app);
    const other = await signUp(t.app);
    const first = await signIn(t, player.email, player.password);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    const cookie = `${DEVICE_COOKIE}=${device.value}`;
    fillStrangersLane();
    try {
      expect((await signIn(t, player.email, player.password, cookie)).statusCode).toBe(200);
      // The same device is a stranger to another account, and a made-up cookie is no device.
      expect((await signIn(t, other.email, other.password, cookie)).statusCode).toBe(429);
      const forged = `${DEVICE_COOKIE}=${"x".repeat(43)}`;
      expect((await signIn(t, player.email, player.password, forged)).statusCode).toBe(429);
    } finally {
      freeStrangersLane();
    }
  });

  it("gives a signed-in player's password change the same room", async () => {
    const player = await signUp(t.app);
    fillStrangersLane();
    try {
      const changed = await player.post("/api/account/password", {
        currentPassword: player.password,
        newPassword: "another secret",
      });
      expect(changed.statusCode).toBe(200);
    } finally {
      freeStrangersLane();
    }
  });
});

describe("hashing beside the rest of the server", () => {
  it("answers /api/me while every hash worker is busy, without waiting for a hash", async () => {
    // The production cost (128 MiB, a few hundred ms a hash): three queued on the one worker run a while.
    const t = await shared.appWith({
      passwordHashCost: 17,
      passwordHashing: { workers: 1, queue: 16, niceness: 0, strangerShare: 100 },
    });
    const reader = await signUp(t.app);
    // The reader asks one /api/me after another from before the hashing starts until it ends.
    let hashing = true;
    const reads: number[] = [];
    const reading = (async () => {
      while (hashing) {
        const asked = performance.now();
        expect((await reader.get("/api/me")).statusCode).toBe(200);
        reads.push(performance.now() - asked);
        // A pause, as a client makes: an answer from memory alone would otherwise never yield to the loop's I/O.
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await new Promise((r) => setTimeout(r, 20));
    const started = performance.now();
    const signUps = await Promise.all(
      ["slow_one", "slow_two", "slow_three"].map((username) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/sign-up",
          payload: { username, email: `${username}@arena.test`, password: "secret1" },
        }),
      ),
    );
    hashing = false;
    await reading;
    expect(signUps.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(reads.length).toBeGreaterThan(3);
    const oneHashMs = (performance.now() - started) / 3;
    // Had a hash run on the event loop, some /api/me would have waited for all of one.
    expect(Math.max(...reads)).toBeLessThan(oneHashMs / 2);
  }, 60_000);
});
