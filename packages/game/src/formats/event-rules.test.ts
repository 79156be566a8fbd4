import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkEventSettings,
  eventMatchTitle,
  eventOptionsFor,
  eventRuleMessages,
  plannedRounds,
} from "./event-rules";
import { formatGenerator } from "./index";
import { favouriteWins, playEvent, seededEntrants } from "./testing";
import type { EventFormatName } from "./types";

const refusal = (check: ReturnType<typeof checkEventSettings>) => (check.ok ? null : check.message);

describe("the admin's settings against the format", () => {
  it("a round robin takes at most 16 players", () => {
    expect(refusal(checkEventSettings({ format: "round_robin", maxPlayers: 16 }))).toBeNull();
    expect(refusal(checkEventSettings({ format: "round_robin", maxPlayers: 17 }))).toBe(
      "A round robin takes at most 16 players",
    );
    expect(refusal(checkEventSettings({ format: "swiss", maxPlayers: 64 }))).toBeNull();
  });

  it("Swiss rounds only for a Swiss, from 1 to max players - 1", () => {
    expect(refusal(checkEventSettings({ format: "swiss", maxPlayers: 8, swissRounds: 7 }))).toBeNull();
    expect(refusal(checkEventSettings({ format: "swiss", maxPlayers: 8, swissRounds: 8 }))).toBe(
      "A Swiss of up to 8 players plays 1 to 7 rounds",
    );
    expect(refusal(checkEventSettings({ format: "swiss", maxPlayers: 8, swissRounds: 0 }))).toBe(
      eventRuleMessages.swissRoundsRange(8),
    );
    expect(refusal(checkEventSettings({ format: "double_elimination", maxPlayers: 8, swissRounds: 3 }))).toBe(
      "Swiss rounds apply only to a Swiss tournament",
    );
  });

  it("plays the admin's Swiss rounds, never more than players - 1", () => {
    expect(eventOptionsFor(5, 8)).toEqual({ swissRounds: 5 });
    expect(eventOptionsFor(5, 3)).toEqual({ swissRounds: 2 });
    expect(eventOptionsFor(null, 3)).toEqual({ swissRounds: null });
  });
});

describe("the rounds to expect", () => {
  it("round robin: n - 1 rounds for an even n, n for an odd one; Swiss: ceil(log2 n) or the admin's", () => {
    expect(plannedRounds("round_robin", seededEntrants(4), {})).toBe(3);
    expect(plannedRounds("round_robin", seededEntrants(5), {})).toBe(5);
    expect(plannedRounds("round_robin", seededEntrants(16), {})).toBe(15);
    expect(plannedRounds("swiss", seededEntrants(8), {})).toBe(3);
    expect(plannedRounds("swiss", seededEntrants(5), {})).toBe(3);
    expect(plannedRounds("swiss", seededEntrants(8), { swissRounds: 5 })).toBe(5);
    expect(plannedRounds("single_elimination", seededEntrants(8), {})).toBe(3);
    expect(plannedRounds("single_elimination", seededEntrants(5), {})).toBe(3);
  });

  it("is what an event takes, and for double elimination the most it can take (a bracket reset included)", () => {
    const formats: EventFormatName[] = ["single_elimination", "double_elimination", "round_robin", "swiss"];
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.integer({ min: 2, max: 16 }),
        fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }),
        (format, n, coins) => {
          const entrants = seededEntrants(n);
          let toss = 0;
          const played = playEvent(formatGenerator(format), entrants, (m) =>
            m.entrant2Id !== null && coins[toss++ % coins.length] ? m.entrant2Id : m.entrant1Id,
          );
          const planned = plannedRounds(format, entrants, {});
          if (format === "double_elimination") expect(played.rounds.length).toBeLessThanOrEqual(planned);
          else expect(played.rounds.length).toBe(planned);
        },
      ),
    );
    // With the favourites winning there is no reset: one round less than planned.
    const favourites = playEvent(formatGenerator("double_elimination"), seededEntrants(8), favouriteWins);
    expect(plannedRounds("double_elimination", seededEntrants(8), {})).toBe(favourites.rounds.length + 1);
  });
});

describe("match titles", () => {
  it("names the round within its side, and the finals by name", () => {
    expect(eventMatchTitle({ side: "main" }, 3)).toBe("ROUND 3");
    expect(eventMatchTitle({ side: "winners" }, 2)).toBe("WINNERS ROUND 2");
    expect(eventMatchTitle({ side: "losers" }, 4)).toBe("LOSERS ROUND 4");
    expect(eventMatchTitle({ side: "grand_final" }, 1)).toBe("GRAND FINAL");
    expect(eventMatchTitle({ side: "bracket_reset" }, 1)).toBe("BRACKET RESET");
  });
});
