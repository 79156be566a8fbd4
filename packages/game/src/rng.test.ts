import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng, restoreRng } from "./rng";

const draw = (seed: string | number, n: number): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe("seeded RNG", () => {
  it("the same seed gives the same sequence", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer()), (seed) => {
        expect(draw(seed, 20)).toEqual(draw(seed, 20));
      }),
    );
  });

  it("different seeds give different sequences", () => {
    expect(draw("battle-1", 5)).not.toEqual(draw("battle-2", 5));
    expect(draw(1, 5)).not.toEqual(draw(2, 5));
    expect(draw(1, 5)).not.toEqual(draw(1.5, 5));
  });

  it("a saved state resumes exactly where the generator stopped", () => {
    const rng = createRng("resume");
    rng.next();
    rng.next();
    const saved = rng.state();
    const expected = [rng.next(), rng.next(), rng.next()];
    const resumed = restoreRng(saved);
    expect([resumed.next(), resumed.next(), resumed.next()]).toEqual(expected);
  });

  it("a clone continues the same sequence without disturbing the original", () => {
    const rng = createRng(7);
    const copy = rng.clone();
    expect(copy.next()).toBe(rng.next());
  });

  it("next stays within [0, 1)", () => {
    const rng = createRng("range");
    for (let i = 0; i < 10_000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it("int covers both ends of its range and nothing outside", () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 6 }), (min, width) => {
        const rng = createRng(min * 31 + width);
        const seen = new Set<number>();
        for (let i = 0; i < 400; i++) seen.add(rng.int(min, min + width));
        expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: width + 1 }, (_, i) => min + i));
      }),
    );
  });

  it("pick returns members of the list and refuses an empty one", () => {
    const rng = createRng("pick");
    const items = ["a", "b", "c"] as const;
    const picked = new Set(Array.from({ length: 200 }, () => rng.pick(items)));
    expect(picked).toEqual(new Set(items));
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it("chance(0) never fires, chance(1) always does, chance(0.25) about a quarter of the time", () => {
    const rng = createRng("chance");
    const counts = { never: 0, always: 0, quarter: 0 };
    for (let i = 0; i < 40_000; i++) {
      if (rng.chance(0)) counts.never++;
      if (rng.chance(1)) counts.always++;
      if (rng.chance(0.25)) counts.quarter++;
    }
    expect(counts.never).toBe(0);
    expect(counts.always).toBe(40_000);
    expect(counts.quarter / 40_000).toBeCloseTo(0.25, 2);
  });

  it("a seed reproduces known draws, so stored replays survive refactors", () => {
    const rng = createRng("bot-arena");
    expect([rng.nextUint32(), rng.nextUint32(), rng.nextUint32()]).toEqual([
      688268163, 1628295358, 1113134325,
    ]);
  });
});
