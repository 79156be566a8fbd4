// Test helpers for ratings: a pilot's rating in one call, and lila's "close to" check. Not exported from the
// package.
import { expect } from "vitest";
import type { PilotRating } from "./pilot-rating";

/** The moment the tests' battles are fought, unless a test says otherwise. */
export const NOW = Date.UTC(2026, 11, 1, 12, 0, 0);

export const pilot = (
  rating: number,
  deviation: number,
  volatility: number,
  lastRatedAt: number | null = NOW,
): PilotRating => ({ rating, deviation, volatility, lastRatedAt });

/** |actual - expected| <= within, as lila's assertCloseTo; the failure names both numbers. */
export const expectWithin = (actual: number, expected: number, within: number): void =>
  expect(Math.abs(actual - expected), `${actual} is not within ${within} of ${expected}`).toBeLessThanOrEqual(
    within,
  );
