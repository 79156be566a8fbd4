import type { GuildWarSummary } from "@bot-arena/contract";
import { describe, expect, it } from "vitest";
import { formatRemaining, warCountdown } from "./countdown";

const war = (fields: Partial<GuildWarSummary>): GuildWarSummary => ({
  id: "w",
  name: "Guild War #1",
  status: "registration",
  registrationEndsAt: null,
  battleEndsAt: null,
  completedAt: null,
  createdAt: "2030-01-01T00:00:00Z",
  currentRound: 0,
  rounds: 7,
  nextDueAt: null,
  rewards: { first: 2000, second: 1000, third: 500 },
  prizePool: 3500,
  funding: "house",
  participants: [],
  attempts: 0,
  lastError: null,
  ...fields,
});

describe("the war countdown", () => {
  const now = Date.parse("2030-01-01T12:00:00Z");
  it("counts minutes and seconds under an hour, hours and minutes above", () => {
    expect(formatRemaining(245_000)).toBe("4m 05s");
    expect(formatRemaining(3_900_000)).toBe("1h 05m");
    expect(formatRemaining(-5)).toBe("0m 00s");
  });

  it("reads registration, battle and their ends", () => {
    expect(warCountdown(war({ registrationEndsAt: "2030-01-01T12:01:30Z" }), now)).toBe(
      "Battle begins in 1m 30s",
    );
    expect(warCountdown(war({ registrationEndsAt: "2030-01-01T11:00:00Z" }), now)).toBe("Registration Ended");
    expect(
      warCountdown(war({ status: "battle", currentRound: 3, battleEndsAt: "2030-01-01T12:10:00Z" }), now),
    ).toBe("Round 3 of 7 · ends in 10m 00s");
    expect(warCountdown(war({ status: "battle", battleEndsAt: "2030-01-01T11:00:00Z" }), now)).toBe(
      "Calculating Results...",
    );
  });
});
