import { describe, expect, it } from "vitest";
import { DAY_MS } from "../cashout";
import { SEASON_RESET_MIN_DEVIATION, SEASON_RESET_PULL } from "./constants";
import { deviationAt, isProvisional } from "./pilot-rating";
import { softReset } from "./season-reset";
import { pilot } from "./testing";

const seasonEnd = Date.UTC(2026, 11, 29);
const lastBattle = seasonEnd - DAY_MS;
const atSeasonEnd = (rating: number, deviation: number, volatility = 0.06) =>
  pilot(rating, deviation, volatility, lastBattle);

describe("the soft reset at a season's end", () => {
  it("moves every rating halfway back to 1500, from above and from below", () => {
    expect(SEASON_RESET_PULL).toBe(0.5);
    expect(softReset(atSeasonEnd(1900, 60)).rating).toBe(1700);
    expect(softReset(atSeasonEnd(1100, 60)).rating).toBe(1300);
    expect(softReset(atSeasonEnd(1500, 60)).rating).toBe(1500);
  });

  it("keeps last season's order", () => {
    const ladder = [2400, 1900, 1650, 1500, 1320, 800].map((r) => softReset(atSeasonEnd(r, 60)).rating);
    expect(ladder).toEqual([...ladder].sort((a, b) => b - a));
    expect(new Set(ladder).size).toBe(ladder.length);
  });

  it("raises the deviation to at least 150, so every pilot is provisional again", () => {
    expect(SEASON_RESET_MIN_DEVIATION).toBe(150);
    const reset = softReset(atSeasonEnd(1900, 60));
    expect(reset.deviation).toBe(150);
    expect(isProvisional(reset, seasonEnd)).toBe(true);
    expect(softReset(atSeasonEnd(1900, 320)).deviation).toBe(320);
  });

  it("keeps the volatility and the last battle's time, so idleness goes on growing the deviation", () => {
    const before = atSeasonEnd(1900, 60, 0.07);
    const after = softReset(before);
    expect(after.volatility).toBe(0.07);
    expect(after.lastRatedAt).toBe(before.lastRatedAt);
    expect(deviationAt(after, seasonEnd + 30 * DAY_MS)).toBeGreaterThan(150);
  });

  it("starts a rating that is not a number over rather than carry it into the new season", () => {
    expect(softReset(atSeasonEnd(Number.NaN, 45))).toMatchObject({
      rating: 1500,
      deviation: 500,
      volatility: 0.09,
    });
  });
});
