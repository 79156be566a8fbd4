import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOT_MODEL_NAMES } from "./constants";
import { aiOpponentLevel, generateAiOpponent } from "./opponents";
import { createRng } from "./rng";

describe("AI opponents", () => {
  it("sit at the player's level −1, 0 or +1, never below 1", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 200 }), (seed, level) => {
        const opponent = generateAiOpponent(createRng(seed), level);
        expect(Math.abs(opponent.level - level)).toBeLessThanOrEqual(1);
        expect(opponent.level).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it("draw the three offsets about equally often", () => {
    const rng = createRng("offsets");
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) {
      const offset = aiOpponentLevel(rng, 10) - 10;
      counts[offset + 1] = (counts[offset + 1] ?? 0) + 1;
    }
    for (const count of counts) expect(count / 30_000).toBeCloseTo(1 / 3, 1);
  });

  it("a level-1 player meets level 1 or 2 only", () => {
    const levels = new Set(Array.from({ length: 200 }, (_, i) => generateAiOpponent(createRng(i), 1).level));
    expect(levels).toEqual(new Set([1, 2]));
  });

  it("have each stat at 8 + 2 × level + 0..4", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 100 }), (seed, level) => {
        const opponent = generateAiOpponent(createRng(seed), level);
        const base = 8 + 2 * opponent.level;
        for (const value of Object.values(opponent.stats)) {
          expect(value).toBeGreaterThanOrEqual(base);
          expect(value).toBeLessThanOrEqual(base + 4);
        }
      }),
    );
  });

  it("get a name, a spec model and colours, the same for the same seed", () => {
    const opponent = generateAiOpponent(createRng("look"), 5);
    expect(opponent.name).toMatch(/^\w+ \w+$/);
    expect(BOT_MODEL_NAMES).toContain(opponent.model);
    expect(opponent.colorPrimary).toMatch(/^#[0-9a-f]{6}$/);
    expect(generateAiOpponent(createRng("look"), 5)).toEqual(opponent);
  });
});
