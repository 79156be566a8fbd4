import { describe, expect, it } from "vitest";
import { DAY_MS } from "../cashout";
import { boostFlag, type PvpPair } from "./boost";

const pair = (opponent: string, wins: number, losses = 0): PvpPair => ({ opponent, wins, losses });
const flag = (pairs: PvpPair[], accountAgeMs = 3 * DAY_MS, provisional = true) =>
  boostFlag({ accountAgeMs, provisional, pairs });

describe("boost detection", () => {
  it("flags a new provisional account whose wins come from the same few pilots", () => {
    expect(flag([pair("alt1", 4), pair("alt2", 3), pair("stranger", 1, 2)])).toBe(
      "New account (3 days old, provisional rating): 8 of its 8 PvP wins came from 3 pilots (alt1, alt2, stranger)",
    );
    expect(flag([pair("alt", 6)], DAY_MS / 2)).toBe(
      "New account (under a day old, provisional rating): 6 of its 6 PvP wins came from 1 pilot (alt)",
    );
  });

  it("needs six wins from them and three quarters of all wins", () => {
    expect(flag([pair("alt", 5)])).toBeNull();
    // 6 of 9 from the top three: under 75%.
    expect(
      flag([pair("a", 2), pair("b", 2), pair("c", 2), pair("d", 1), pair("e", 1), pair("f", 1)]),
    ).toBeNull();
    // 6 of 8: exactly 75%.
    expect(flag([pair("a", 2), pair("b", 2), pair("c", 2), pair("d", 1), pair("e", 1)])).toMatch(
      /^New account/,
    );
  });

  it("leaves an account of seven days, or a settled rating, alone", () => {
    expect(flag([pair("alt", 9)], 7 * DAY_MS)).toBeNull();
    expect(flag([pair("alt", 9)], DAY_MS, false)).toBeNull();
  });
});
