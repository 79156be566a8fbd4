import { describe, expect, it } from "vitest";
import { seasonCountdown } from "./countdown";

const season = { frozenAt: "2030-02-12T11:50:00.000Z", endsAt: "2030-02-12T12:00:00.000Z" };
const at = (iso: string) => Date.parse(iso);

describe("the season's countdown", () => {
  it("counts days and hours, then hours and minutes, then minutes and seconds", () => {
    expect(seasonCountdown(season, at("2030-01-15T12:00:00.000Z"))).toBe("Ends in 28d 0h");
    expect(seasonCountdown(season, at("2030-02-11T09:30:00.000Z"))).toBe("Ends in 1d 2h");
    expect(seasonCountdown(season, at("2030-02-12T07:55:00.000Z"))).toBe("Ends in 4h 05m");
  });

  it("says the podium is frozen in the last 10 minutes, and closing once over", () => {
    expect(seasonCountdown(season, at("2030-02-12T11:49:59.000Z"))).toBe("Ends in 10m 01s");
    expect(seasonCountdown(season, at("2030-02-12T11:50:01.000Z"))).toBe("Podium frozen · ends in 9m 59s");
    expect(seasonCountdown(season, at("2030-02-12T12:00:00.000Z"))).toBe("Closing...");
  });
});
