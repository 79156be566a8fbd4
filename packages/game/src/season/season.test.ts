import { describe, expect, it } from "vitest";
import { DAY_MS } from "../cashout";
import {
  compareSeasonEntries,
  PVP_SEASON_DAYS,
  SEASON_FREEZE_MINUTES,
  SEASON_LADDER_MIN_BATTLES,
  type SeasonEntry,
  seasonLadder,
  seasonRates,
  seasonReward,
  seasonTitleText,
  seasonWindow,
} from "./season";

const START = Date.UTC(2026, 11, 1, 0, 0, 0);
const entry = (username: string, rating: number, battles = 5, lastRatedAt = START): SeasonEntry => ({
  username,
  rating,
  battles,
  lastRatedAt,
});

describe("a season's window", () => {
  it("lasts 28 days and freezes 10 minutes before its end", () => {
    expect(PVP_SEASON_DAYS).toBe(28);
    expect(SEASON_FREEZE_MINUTES).toBe(10);
    expect(seasonWindow(START)).toEqual({
      startsAt: START,
      frozenAt: Date.UTC(2026, 11, 28, 23, 50, 0),
      endsAt: Date.UTC(2026, 11, 29, 0, 0, 0),
    });
    expect(seasonWindow(START, 7).endsAt).toBe(START + 7 * DAY_MS);
  });

  it("rates battles until the freeze and none from it on", () => {
    const { frozenAt } = seasonWindow(START);
    expect(seasonRates(frozenAt, frozenAt - 1)).toBe(true);
    expect(seasonRates(frozenAt, frozenAt)).toBe(false);
    // Past the end, until the close: still frozen.
    expect(seasonRates(frozenAt, frozenAt + DAY_MS)).toBe(false);
  });
});

describe("the season's ladder", () => {
  it("orders by the rating as shown, higher first", () => {
    const ladder = seasonLadder([entry("low", 1490.9), entry("high", 1710.2), entry("mid", 1600)]);
    expect(ladder.map((e) => e.username)).toEqual(["high", "mid", "low"]);
  });

  it("breaks a tie of shown ratings by fewer battles, then the earlier reach, then the name", () => {
    const ladder = seasonLadder([
      entry("later", 1700.1, 5, START + 2),
      entry("earlier", 1700.9, 5, START + 1),
      entry("fewer", 1700.0, 4, START + 9),
      entry("b-name", 1700.5, 5, START + 2),
    ]);
    expect(ladder.map((e) => e.username)).toEqual(["fewer", "earlier", "b-name", "later"]);
    expect(compareSeasonEntries(entry("a", 1700), entry("a", 1700))).toBe(0);
  });

  it("leaves out pilots with fewer than 3 rated battles this season", () => {
    expect(SEASON_LADDER_MIN_BATTLES).toBe(3);
    const ladder = seasonLadder([entry("two", 2000, 2), entry("three", 1500, 3)]);
    expect(ladder.map((e) => e.username)).toEqual(["three"]);
  });
});

describe("a season's rewards", () => {
  it("gives the podium a title and the top 10 a badge", () => {
    expect(seasonReward(1)).toEqual({ badge: "Champion", title: "Champion" });
    expect(seasonReward(2)).toEqual({ badge: "Runner-up", title: "Runner-up" });
    expect(seasonReward(3)).toEqual({ badge: "Third place", title: "Third place" });
    expect(seasonReward(4)).toEqual({ badge: "Top 10", title: null });
    expect(seasonReward(10)).toEqual({ badge: "Top 10", title: null });
    expect(seasonReward(11)).toBeNull();
    expect(seasonReward(0)).toBeNull();
  });

  it("names a title with its season", () => {
    expect(seasonTitleText(3, "Champion")).toBe("Season 3 Champion");
  });
});
