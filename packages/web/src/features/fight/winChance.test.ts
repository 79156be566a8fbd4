import { describe, expect, it } from "vitest";
import { winChanceTone, winChanceVerdict } from "./winChance";

describe("winChanceTone", () => {
  it("is red under 35%, green over 65%, amber from 35 to 65", () => {
    expect([0, 34, 35, 50, 65, 66, 100].map(winChanceTone)).toEqual([
      "danger",
      "danger",
      "amber",
      "amber",
      "amber",
      "lime",
      "lime",
    ]);
  });

  it("says a few words to match", () => {
    expect(winChanceVerdict(12)).toBe("Long odds. Train or arm up first.");
    expect(winChanceVerdict(50)).toBe("A close fight. Anything can happen.");
    expect(winChanceVerdict(90)).toBe("The odds are on your side.");
  });
});
