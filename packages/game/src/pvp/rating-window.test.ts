import { describe, expect, it } from "vitest";
import { pvpRatingWindow } from "./rating-window";

describe("the PvP list's rating window", () => {
  it("is the narrowest window holding a full list", () => {
    expect(pvpRatingWindow([10, 12, 30, 40])).toBe(100);
    expect(pvpRatingWindow([3, 9, 10, 40])).toBe(400);
    expect(pvpRatingWindow([0, 0, 0, 10])).toBe(800);
  });

  it("has no bound when even 800 points hold fewer than a list", () => {
    expect(pvpRatingWindow([1, 2, 5, 9])).toBeNull();
  });

  it("takes the list's size from the caller", () => {
    expect(pvpRatingWindow([2, 3, 4, 5], 3)).toBe(200);
  });
});
