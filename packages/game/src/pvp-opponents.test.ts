import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PVP_OPPONENT_LIST_SIZE } from "./constants";
import { nearestByLevel, pvpListLevel } from "./pvp-opponents";

const bot = (name: string, level: number) => ({ name, level });
const names = (list: readonly { name: string }[]) => list.map((b) => b.name);

describe("the PvP list around a level", () => {
  it("lists the nearest levels first, the higher one first at an equal distance", () => {
    // A viewer at 5; the runs as the index gives them: at or above 5 going up, below 5 going down.
    const above = [bot("six", 6), bot("nine", 9), bot("thirty", 30), bot("forty", 40)];
    const below = [bot("four", 4), bot("three", 3), bot("one", 1)];
    expect(names(nearestByLevel(5, above, below))).toEqual([
      "six",
      "four",
      "three",
      "nine",
      "one",
      "thirty",
      "forty",
    ]);
  });

  it("keeps the viewer's own level first, the run at or above before the one below", () => {
    const above = [bot("five a", 5), bot("five b", 5), bot("six", 6)];
    const below = [bot("five c", 5), bot("four", 4)];
    expect(names(nearestByLevel(5, above, below))).toEqual(["five a", "five b", "five c", "six", "four"]);
  });

  it("stops at the list's size (10 unless told), and is empty with no one around", () => {
    const above = Array.from({ length: 12 }, (_, i) => bot(`up ${i}`, 5 + i));
    const below = Array.from({ length: 4 }, (_, i) => bot(`down ${i}`, 4 - i));
    expect(nearestByLevel(5, above, below)).toHaveLength(PVP_OPPONENT_LIST_SIZE);
    expect(names(nearestByLevel(5, above, below, 3))).toEqual(["up 0", "up 1", "down 0"]);
    expect(names(nearestByLevel(1, [], below))).toEqual(["down 0", "down 1", "down 2", "down 3"]);
    expect(nearestByLevel(1, [], [])).toEqual([]);
  });

  it("is the nearest `size` of both runs, whatever the runs hold", () => {
    const levels = fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 25 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        levels,
        levels,
        fc.integer({ min: 0, max: 15 }),
        (level, ups, downs, size) => {
          const above = ups
            .filter((l) => l >= level)
            .sort((a, b) => a - b)
            .map((l, i) => ({ level: l, side: 0, i }));
          const below = downs
            .filter((l) => l <= level)
            .sort((a, b) => b - a)
            .map((l, i) => ({ level: l, side: 1, i }));
          // The rule written as a sort of everything: distance, then the run at or above, then each run's order.
          const expected = [...above, ...below]
            .sort(
              (a, b) => Math.abs(a.level - level) - Math.abs(b.level - level) || a.side - b.side || a.i - b.i,
            )
            .slice(0, size);
          expect(nearestByLevel(level, above, below, size)).toEqual(expected);
        },
      ),
    );
  });

  it("is built around the active bot's level, or level 1 without one", () => {
    expect(pvpListLevel(17)).toBe(17);
    expect(pvpListLevel(null)).toBe(1);
  });
});
