import type { TournamentSummary } from "@bot-arena/contract";
import { describe, expect, it } from "vitest";
import { countdownText, nextRoundText } from "./countdown";

const at = (iso: string) => new Date(iso).getTime();
const base = { registrationEndsAt: "2030-01-01T12:10:00Z", battleEndsAt: "2030-01-01T14:05:00Z" };

describe("the tournament countdown", () => {
  it("pending: minutes and seconds to registration end, then 'Registration Ended'", () => {
    const pending = { ...base, status: "pending" } as TournamentSummary;
    expect(countdownText(pending, at("2030-01-01T12:05:58Z"))).toBe("4m 02s");
    expect(countdownText(pending, at("2030-01-01T10:00:00Z"))).toBe("130m 00s");
    expect(countdownText(pending, at("2030-01-01T12:10:00Z"))).toBe("Registration Ended");
  });

  it("active: hours and minutes to battle end, then 'Calculating Results...'", () => {
    const active = { ...base, status: "active" } as TournamentSummary;
    expect(countdownText(active, at("2030-01-01T12:00:00Z"))).toBe("2h 5m");
    expect(countdownText(active, at("2030-01-01T12:05:30Z"))).toBe("2h 0m");
    expect(countdownText(active, at("2030-01-01T13:05:00.001Z"))).toBe("1h 0m");
    expect(countdownText(active, at("2030-01-01T14:04:18Z"))).toBe("0h 1m");
    expect(countdownText(active, at("2030-01-01T14:05:01Z"))).toBe("Calculating Results...");
  });

  it("active: the next round's start, minutes and seconds (issue 41)", () => {
    const active = {
      ...base,
      status: "active",
      currentRound: 2,
      nextRoundStartsAt: "2030-01-01T12:00:45Z",
    } as TournamentSummary;
    expect(nextRoundText(active, at("2030-01-01T12:00:00Z"))).toBe("Round 3 in 0m 45s");
    expect(nextRoundText(active, at("2030-01-01T11:58:44Z"))).toBe("Round 3 in 2m 01s");
    expect(nextRoundText(active, at("2030-01-01T12:00:45Z"))).toBe("Round 3 starting...");
    // The last round: nothing comes next.
    expect(nextRoundText({ ...active, nextRoundStartsAt: null }, at("2030-01-01T12:00:00Z"))).toBeNull();
    expect(nextRoundText({ ...active, status: "pending" }, at("2030-01-01T12:00:00Z"))).toBeNull();
  });

  it("shows nothing once the tournament is over", () => {
    expect(countdownText({ ...base, status: "completed" } as TournamentSummary, 0)).toBeNull();
  });
});
