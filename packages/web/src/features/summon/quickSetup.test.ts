import { bonusPointsRemaining, validateSummonName } from "@bot-arena/game";
import { describe, expect, it } from "vitest";
import { autoAllocate, suggestBotName } from "./quickSetup";

const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length]!;
};

describe("suggestBotName", () => {
  it("makes a valid summon name from two words and a number", () => {
    const name = suggestBotName(sequence(0, 0, 0));
    expect(name).toBe("Quantum Reaper 10");
    expect(validateSummonName(name).ok).toBe(true);
  });

  it("draws again when the name is already in the roster", () => {
    // A clash, then a free name, then clashes for ever: the free name must be kept.
    const draws = [0, 0, 0, 0.5, 0.5, 0.5];
    const name = suggestBotName(() => draws.shift() ?? 0, ["quantum reaper 10"]);
    expect(name).toBe("Nova Drifter 55");
    expect(validateSummonName(name).ok).toBe(true);
  });
});

describe("autoAllocate", () => {
  it("places all 10 bonus points, most on the highest rolled stat", () => {
    const points = autoAllocate({ strength: 9, agility: 14, defense: 11, intelligence: 6 });
    expect(points).toEqual({ strength: 2, agility: 4, defense: 3, intelligence: 1 });
    expect(bonusPointsRemaining(points)).toBe(0);
  });

  it("breaks ties in the usual stat order", () => {
    expect(autoAllocate({ strength: 10, agility: 10, defense: 10, intelligence: 10 })).toEqual({
      strength: 4,
      agility: 3,
      defense: 2,
      intelligence: 1,
    });
  });
});
