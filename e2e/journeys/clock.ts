// The server's time, moved by the journeys that reach a deadline (a tournament's rounds, a guild war's phases):
// they never wait for one. The `clock` project's server runs with TEST_CLOCK=on, where POST /api/test/clock
// moves the clock of every process on its database forward and runs whatever fell due before it answers; the
// pages hear of it as players would, over the live channels. Without TEST_CLOCK=on the route does not exist.
import { type APIRequestContext, expect } from "@playwright/test";

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type ClockMove = { now: Date; offsetMs: number };

/**
 * Moves the server's clock forward by `ms` (a whole number, at most 30 days) and answers the server's time after
 * the move. Every deadline that fell due in the jump has been acted on (and announced) when this returns.
 */
export async function advanceClock(request: APIRequestContext, ms: number): Promise<ClockMove> {
  const answer = await request.post("/api/test/clock", { data: { advanceMs: ms } });
  expect(
    answer.status(),
    `POST /api/test/clock answered ${answer.status()}: ${await answer.text()}` +
      (answer.status() === 404 ? " (a journey that moves time runs on the clock server, TEST_CLOCK=on)" : ""),
  ).toBe(200);
  const body = (await answer.json()) as { now: string; offsetMs: number };
  return { now: new Date(body.now), offsetMs: body.offsetMs };
}

/** Fails at once, and says why, when the journey's server cannot move time (it is not the `clock` project's). */
export async function expectTestClock(request: APIRequestContext): Promise<void> {
  const answer = await request.get("/api/health");
  expect(answer.ok()).toBe(true);
  const health = (await answer.json()) as { testClock?: boolean };
  expect(health.testClock, "this journey moves time: it runs on the server with TEST_CLOCK=on").toBe(true);
}
