import { describe, expect, it } from "vitest";
import { DAY_MS } from "../cashout";
import * as c from "./constants";
import { capRating, deviationAt, displayRating, isProvisional, newPilotRating } from "./pilot-rating";
import { NOW as now, pilot } from "./testing";

const YEAR_MS = 365 * DAY_MS;

describe("lichess's numbers", () => {
  it("start at 1500 / 500 / 0.09 with tau 0.75, provisional from deviation 110", () => {
    expect(newPilotRating()).toEqual({ rating: 1500, deviation: 500, volatility: 0.09, lastRatedAt: null });
    expect(c.RATING_TAU).toBe(0.75);
    expect(c.RATING_PROVISIONAL_DEVIATION).toBe(110);
    expect(c.RATING_CONVERGENCE_TOLERANCE).toBe(0.000001);
  });

  it("keep ratings within 400 to 4000, deviations within 45 to 500, volatility at most 0.1, 700 a battle", () => {
    expect([c.RATING_MIN, c.RATING_MAX]).toEqual([400, 4000]);
    expect([c.RATING_MIN_DEVIATION, c.RATING_MAX_DEVIATION]).toEqual([45, 500]);
    expect(c.RATING_MAX_VOLATILITY).toBe(0.1);
    expect(c.RATING_MAX_CHANGE).toBe(700);
    expect(c.RATING_PERIODS_PER_DAY).toBe(0.21436);
  });
});

describe("idleness grows the deviation", () => {
  it("not at all at the moment of the last battle, nor for a pilot never rated", () => {
    expect(deviationAt(pilot(1500, 60, 0.06), now)).toBeCloseTo(60, 9);
    expect(deviationAt(newPilotRating(), now)).toBe(500);
  });

  it("a little each day, by fractional rating periods", () => {
    const settled = pilot(1500, 60, 0.06);
    const afterHour = deviationAt(settled, now + DAY_MS / 24);
    const afterDay = deviationAt(settled, now + DAY_MS);
    const afterWeek = deviationAt(settled, now + 7 * DAY_MS);
    expect(afterHour).toBeGreaterThan(60);
    expect(afterDay).toBeGreaterThan(afterHour);
    expect(afterWeek).toBeGreaterThan(afterDay);
    // φ² + 0.21436 × σ² on Glicko-2's scale: one day adds about 0.19 points to 60.
    expect(afterDay).toBeCloseTo(60.194, 3);
  });

  it("from 60 to 110 in a year of idleness, as lila chose its rating periods (volatility 0.06)", () => {
    expect(deviationAt(pilot(1500, 60, 0.06), now + YEAR_MS)).toBeCloseTo(110, 0);
  });

  it("never past the ceiling of 500", () => {
    expect(deviationAt(pilot(1500, 300, 0.1), now + 100 * YEAR_MS)).toBe(500);
  });

  it("not backwards when the clock reads before the last battle", () => {
    expect(deviationAt(pilot(1500, 80, 0.06), now - YEAR_MS)).toBeCloseTo(80, 9);
  });
});

describe("the sanity range", () => {
  it("clamps the rating to 400..4000, the deviation to 45..500, the volatility to at most 0.1", () => {
    expect(capRating(pilot(120, 20, 0.3))).toEqual(pilot(400, 45, 0.1));
    expect(capRating(pilot(4321, 900, 0.05))).toEqual(pilot(4000, 500, 0.05));
    expect(capRating(pilot(1623, 80, 0.06))).toEqual(pilot(1623, 80, 0.06));
  });

  it("starts a rating that is not a number over from 1500 / 500 / 0.09, keeping its time", () => {
    expect(capRating(pilot(Number.NaN, 80, 0.06))).toEqual(pilot(1500, 500, 0.09));
    expect(capRating(pilot(1600, Number.POSITIVE_INFINITY, 0.06))).toEqual(pilot(1500, 500, 0.09));
    expect(capRating(pilot(1600, 80, 0))).toEqual(pilot(1500, 500, 0.09));
  });
});

describe("a provisional rating is shown with '?'", () => {
  it("from deviation 110 up, on a floored whole rating", () => {
    expect(displayRating(newPilotRating(), now)).toBe("1500?");
    expect(displayRating(pilot(1623.9, 110, 0.06), now)).toBe("1623?");
    expect(displayRating(pilot(1623.9, 109.9, 0.06), now)).toBe("1623");
    expect(isProvisional(pilot(1623.9, 109.9, 0.06), now)).toBe(false);
  });

  it("again after a long idleness", () => {
    const settled = pilot(1741.5, 60, 0.06);
    expect(displayRating(settled, now)).toBe("1741");
    expect(isProvisional(settled, now + YEAR_MS / 2)).toBe(false);
    expect(displayRating(settled, now + 2 * YEAR_MS)).toBe("1741?");
  });
});
