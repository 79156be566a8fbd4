import type { GuildWarSummary } from "@bot-arena/contract";
import { describe, expect, it } from "vitest";
import { battleEndCountdown, formatRemaining, warCountdown } from "./countdown";

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
      warCountdown(
        war({
          status: "battle",
          currentRound: 3,
          nextDueAt: "2030-01-01T12:10:00Z",
          battleEndsAt: "2030-01-01T12:50:00Z",
        }),
        now,
      ),
    ).toBe("Round 3 of 7 · ends in 10m 00s");
    expect(
      warCountdown(war({ status: "battle", currentRound: 7, nextDueAt: "2030-01-01T11:00:00Z" }), now),
    ).toBe("Calculating Results...");
  });

  it("counts to the end of the round being fought, and the battle's end apart (issue 41)", () => {
    // Round 1 of 7 ends in 20 s while the whole battle ends in 2m 14s: the card once said 'ends in 2m 14s'.
    const round1 = war({
      status: "battle",
      currentRound: 1,
      nextDueAt: "2030-01-01T12:00:20Z",
      battleEndsAt: "2030-01-01T12:02:14Z",
    });
    expect(warCountdown(round1, now)).toBe("Round 1 of 7 · ends in 0m 20s");
    expect(battleEndCountdown(round1, now)).toBe("Battle ends in 2m 14s");
    // Its deadline passed and the runner has not moved it yet: the round is ending, not the battle.
    expect(warCountdown(round1, now + 21_000)).toBe("Round 1 of 7 · ending...");
    expect(battleEndCountdown(round1, now + 134_000)).toBeNull();
    expect(battleEndCountdown(war({ registrationEndsAt: "2030-01-01T12:01:30Z" }), now)).toBeNull();
  });
});
