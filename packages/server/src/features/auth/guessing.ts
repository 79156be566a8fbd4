// Password guessing per account, not only per address: after a few failures each attempt waits longer, then
// signing in pauses for a while. Keyed by the email as typed (lower-cased), so unknown and known emails are
// throttled alike and the refusal tells nothing about who has an account. A browser that signed in to the
// account before carries a device cookie and is counted on its own, so strangers' guesses cannot lock the
// player out of the devices they already use.
import { createHash, randomBytes } from "node:crypto";
import { accountMessages } from "@bot-arena/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, rateLimited, retryAfterSeconds } from "../../platform/errors";
import type { LimitStore } from "../../platform/limits/store";
import { DEVICE_REMEMBERED_DAYS } from "../account/links";

/** Failures are counted in windows of this length from the first one. */
export const GUESS_WINDOW_MS = 15 * 60_000;
/** Failures that cost nothing: typos happen. */
export const FREE_FAILURES = 4;
/** From this failure on, signing in pauses for LOCK_MS. */
export const LOCK_AT_FAILURE = 10;
export const LOCK_MS = 15 * 60_000;

/** The wait after the n-th failure in a window: 0 up to 4, then 1, 2, 4, 8, 16 s, and from the 10th a lock. */
export function waitAfterFailure(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  if (failures >= LOCK_AT_FAILURE) return LOCK_MS;
  return 1000 * 2 ** (failures - FREE_FAILURES - 1);
}

/** The refusals that count as a wrong guess (a wrong sign-in or current password; not a 503 or a 400). */
export const isWrongPassword = (error: unknown) =>
  error instanceof AppError && error.code === "INVALID_CREDENTIALS";

export const DEVICE_COOKIE = "ba_device";
const DEVICE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const digest = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 32);

export type GuessingThrottle = ReturnType<typeof createGuessingThrottle>;

/**
 * The browser's device token: the one its cookie carries, or a new one set now. Every browser that signs up or
 * signs in gets one, so accounts made on one device are linked for the cash-out review.
 */
export function deviceToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[DEVICE_COOKIE];
  const token = existing && DEVICE_SHAPE.test(existing) ? existing : randomBytes(32).toString("base64url");
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/api/auth",
    maxAge: DEVICE_REMEMBERED_DAYS * 24 * 60 * 60,
    secure: request.protocol === "https",
  });
  return token;
}

/** True for the sign-in key of a device that signed in to the account before (`signInKey` below). */
export const isRememberedDeviceKey = (key: string) => /^signin:[^:]+:[^:]+$/.test(key);

/** Whether a device token signed in to (or made) the account with this e-mail before (account/links.ts). */
export type DeviceMemory = (email: string, token: string) => Promise<boolean>;

export function createGuessingThrottle(store: LimitStore, knows: DeviceMemory = async () => false) {
  /**
   * Admits one attempt on `key` or refuses it (429, Retry-After); resolves with the attempt's number. The
   * attempt is counted before the password is checked and only a success takes it back, so guesses sent all at
   * once cannot slip past the count while their hashes are still being checked.
   */
  async function admit(key: string, reply: FastifyReply, words: (seconds: number) => string) {
    const refuse = (ms: number) =>
      rateLimited("sign_in_guessing", words(retryAfterSeconds(ms)), { reply, inMs: ms });
    for (const kind of ["lock", "wait"]) {
      const waiting = await store.peek(`${kind}:${key}`);
      if (waiting) throw refuse(waiting.resetInMs);
    }
    const attempt = (await store.hit(`fail:${key}`, GUESS_WINDOW_MS)).count;
    if (attempt > LOCK_AT_FAILURE) throw refuse((await store.hit(`lock:${key}`, LOCK_MS)).resetInMs);
    return attempt;
  }

  /** A wrong password: the wait (or lock) it earns starts now, when the player hears the refusal. */
  async function failed(key: string, attempt: number) {
    const wait = waitAfterFailure(attempt);
    if (wait > 0) await store.hit(`${attempt >= LOCK_AT_FAILURE ? "lock" : "wait"}:${key}`, wait);
  }

  async function forget(key: string) {
    for (const kind of ["fail", "wait", "lock"]) await store.reset(`${kind}:${key}`);
  }

  return {
    /** The throttle key of a sign-in: the account's, or this device's own when it signed in to it before. */
    async signInKey(email: string, request: FastifyRequest): Promise<string> {
      const normalized = email.trim().toLowerCase();
      const token = request.cookies[DEVICE_COOKIE];
      if (token && DEVICE_SHAPE.test(token) && (await knows(normalized, token))) {
        return `signin:${digest(normalized)}:${digest(token)}`;
      }
      return `signin:${digest(normalized)}`;
    },

    /** Admits a sign-in attempt (counted as failed until it succeeds) or refuses it with 429. */
    admitSignIn: (key: string, reply: FastifyReply) =>
      admit(key, reply, (seconds) =>
        seconds > 60
          ? accountMessages.signInLocked(Math.ceil(seconds / 60))
          : accountMessages.signInWait(seconds),
      ),

    /**
     * After a success the account's (or device's) failures are forgotten; answers the device's token, which the
     * caller records with the account's sightings: that is how the device is remembered (account/links.ts).
     */
    async signedIn(key: string, request: FastifyRequest, reply: FastifyReply) {
      await forget(key);
      return deviceToken(request, reply);
    },

    /** Records a wrong password for an admitted attempt. */
    failed,

    /** The same growing wait for wrong current passwords on the account page (a stolen session guessing). */
    passwordChangeKey: (userId: string) => `password-change:${userId}`,
    admitPasswordChange: (key: string, reply: FastifyReply) =>
      admit(key, reply, (seconds) =>
        seconds > 60
          ? accountMessages.passwordChangeLocked(Math.ceil(seconds / 60))
          : accountMessages.passwordChangeWait(seconds),
      ),
    passwordChanged: forget,
  };
}
