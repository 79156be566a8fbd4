import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { perfectMatching } from "./perfect-matching";

const graph =
  (pairs: readonly (readonly [number, number])[]) =>
  (i: number, j: number): boolean =>
    pairs.some(([a, b]) => (a === i && b === j) || (a === j && b === i));

/** The graph on 0..size-1 whose edge i-j (i < j) is bits' entry in row-by-row order. */
const fromBits =
  (bits: readonly boolean[], size: number) =>
  (i: number, j: number): boolean => {
    const [low, high] = i < j ? [i, j] : [j, i];
    return bits[(low * (2 * size - low - 1)) / 2 + high - low - 1] === true;
  };

/** Exhaustive answer for small graphs: can 0..size-1 be paired off? */
function pairable(
  size: number,
  adjacent: (i: number, j: number) => boolean,
  left = [...Array(size).keys()],
): boolean {
  const [first, ...rest] = left;
  if (first === undefined) return true;
  return rest.some(
    (other) =>
      adjacent(first, other) &&
      pairable(
        size,
        adjacent,
        rest.filter((x) => x !== other),
      ),
  );
}

describe("perfect matching", () => {
  it("finds none for two triangles (every vertex has partners, yet one is always left over)", () => {
    expect(
      perfectMatching(
        6,
        graph([
          [0, 1],
          [1, 2],
          [2, 0],
          [3, 4],
          [4, 5],
          [5, 3],
        ]),
      ),
    ).toBeNull();
  });

  it("needs a blossom to pair a triangle hung on a path", () => {
    // 0-1-2 triangle, 2-3, 3-4, 4-5: the only perfect matching is 0-1, 2-3, 4-5.
    const matching = perfectMatching(
      6,
      graph([
        [0, 1],
        [1, 2],
        [2, 0],
        [2, 3],
        [3, 4],
        [4, 5],
      ]),
    );
    expect(matching).not.toBeNull();
    expect(matching?.fix(3, 4)).toBe(false);
    expect(matching?.fix(0, 1)).toBe(true);
    expect(matching?.fix(2, 3)).toBe(true);
  });

  it("agrees with an exhaustive search on random graphs", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((half) =>
            fc.tuple(fc.constant(half * 2), fc.array(fc.boolean(), { minLength: 45, maxLength: 45 })),
          ),
        ([size, bits]) => {
          const adjacent = fromBits(bits, size);
          expect(perfectMatching(size, adjacent) !== null).toBe(pairable(size, adjacent));
        },
      ),
    );
  });

  it("accepts a fixed pair only when the rest can still be paired", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 28, maxLength: 28 }), (bits) => {
        const size = 8;
        const adjacent = fromBits(bits, size);
        const matching = perfectMatching(size, adjacent);
        if (matching === null) return;
        const partner = [1, 2, 3, 4, 5, 6, 7].find((j) => adjacent(0, j)) as number;
        const rest = [1, 2, 3, 4, 5, 6, 7].filter((x) => x !== partner);
        const restPairable = pairable(size, adjacent, rest);
        expect(matching.fix(0, partner)).toBe(restPairable);
      }),
    );
  });
});
