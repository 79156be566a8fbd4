import { describe, expect, it } from "vitest";
import { adAt } from "./rotation";

describe("adAt", () => {
  it("rotates through the ads and gives each slot its own offset", () => {
    const ads = ["a", "b", "c"];
    expect([0, 1, 2, 3].map((tick) => adAt(ads, tick, 0))).toEqual(["a", "b", "c", "a"]);
    expect(adAt(ads, 0, 1)).toBe("b");
  });

  it("shows nothing when there are no ads", () => {
    expect(adAt([], 4, 1)).toBeNull();
  });
});
