import { describe, expect, it } from "vitest";
import { DAY_MS } from "../cashout";
import { DEFENDER_CHANGE_WEIGHT } from "./constants";
import { newPilotRating, type PilotRating } from "./pilot-rating";
import { rateBattle } from "./rate-battle";
import { expectWithin, NOW as now, pilot } from "./testing";

const undamped = { defenderWeight: 1 };
const change = (before: PilotRating, after: PilotRating) => ({
  rating: after.rating - before.rating,
  deviation: after.deviation - before.deviation,
  volatility: after.volatility - before.volatility,
});

describe("a battle rates both pilots as lichess rates a game", () => {
  it("two new pilots: the winner ends at 1741, the loser at 1258, both at deviation 396, volatility 0.0899983", () => {
    const { attacker, defender } = rateBattle(newPilotRating(), newPilotRating(), "attacker", now, undamped);
    expectWithin(attacker.rating, 1741, 1);
    expectWithin(defender.rating, 1258, 1);
    expectWithin(attacker.deviation, 396, 1);
    expectWithin(defender.deviation, 396, 1);
    expectWithin(attacker.volatility, 0.0899983, 0.0000001);
    expectWithin(defender.volatility, 0.0899983, 0.0000001);
  });

  it("1400/79/0.06 beating 1550/110/0.065 ends at 1422 and 1506, whichever side attacked", () => {
    const lower = pilot(1400, 79, 0.06);
    const higher = pilot(1550, 110, 0.065);
    const asAttacker = rateBattle(lower, higher, "attacker", now, undamped);
    expectWithin(asAttacker.attacker.rating, 1422, 1);
    expectWithin(asAttacker.defender.rating, 1506, 1);
    const asDefender = rateBattle(higher, lower, "defender", now, undamped);
    expectWithin(asDefender.defender.rating, 1422, 1);
    expectWithin(asDefender.attacker.rating, 1506, 1);
  });

  it("writes the battle's time into both ratings", () => {
    const rated = rateBattle(newPilotRating(), pilot(1500, 200, 0.06, now - DAY_MS), "defender", now);
    expect(rated.attacker.lastRatedAt).toBe(now);
    expect(rated.defender.lastRatedAt).toBe(now);
  });
});

describe("the defender did not choose the fight", () => {
  const attacker = pilot(1600, 90, 0.06);
  const defender = pilot(1550, 120, 0.07);

  it("keeps half of the change it would have had: rating, deviation and volatility", () => {
    expect(DEFENDER_CHANGE_WEIGHT).toBe(0.5);
    for (const winner of ["attacker", "defender"] as const) {
      const full = change(defender, rateBattle(attacker, defender, winner, now, undamped).defender);
      const damped = change(defender, rateBattle(attacker, defender, winner, now).defender);
      expect(damped.rating).toBeCloseTo(full.rating / 2, 9);
      expect(damped.deviation).toBeCloseTo(full.deviation / 2, 9);
      expect(damped.volatility).toBeCloseTo(full.volatility / 2, 12);
    }
  });

  it("leaves the attacker's change whole", () => {
    const full = rateBattle(attacker, defender, "attacker", now, undamped).attacker;
    expect(rateBattle(attacker, defender, "attacker", now).attacker).toEqual(full);
  });

  it("a weight of 0 leaves the defender's numbers as they stood, and a weight outside 0 to 1 is refused", () => {
    const untouched = rateBattle(attacker, defender, "attacker", now, { defenderWeight: 0 }).defender;
    expect(untouched.rating).toBe(defender.rating);
    expect(untouched.deviation).toBeCloseTo(defender.deviation, 9);
    expect(untouched.volatility).toBe(defender.volatility);
    expect(() => rateBattle(attacker, defender, "attacker", now, { defenderWeight: 1.5 })).toThrow(
      RangeError,
    );
    expect(() => rateBattle(attacker, defender, "attacker", now, { defenderWeight: Number.NaN })).toThrow(
      RangeError,
    );
  });
});

describe("a battle after idleness", () => {
  it("rates each pilot from the deviation idleness grew, so a long-idle pilot moves more", () => {
    const fresh = pilot(1500, 60, 0.06, now);
    const idle = pilot(1500, 60, 0.06, now - 365 * DAY_MS);
    const opponent = pilot(1500, 60, 0.06, now);
    const gainFresh = rateBattle(fresh, opponent, "attacker", now).attacker.rating - 1500;
    const gainIdle = rateBattle(idle, opponent, "attacker", now).attacker.rating - 1500;
    expect(gainIdle).toBeGreaterThan(gainFresh * 2);
  });
});

describe("the sanity range", () => {
  it("no battle takes a rating below 400 or above 4000", () => {
    const floor = rateBattle(pilot(410, 300, 0.09), pilot(500, 45, 0.06), "defender", now, undamped);
    expect(floor.attacker.rating).toBe(400);
    const ceiling = rateBattle(pilot(3990, 300, 0.09), pilot(3900, 45, 0.06), "attacker", now, undamped);
    expect(ceiling.attacker.rating).toBe(4000);
  });

  it("one battle moves a rating by at most 700", () => {
    // A new pilot beating a settled 3000: Glicko-2 alone would add about 1,420 points.
    const { attacker } = rateBattle(newPilotRating(), pilot(3000, 45, 0.06), "attacker", now);
    expect(attacker.rating).toBe(2200);
  });
});
