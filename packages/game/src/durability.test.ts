import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRepair, durabilityAfterBattle, durabilityPercent, repairCost } from "./durability";

describe("durability", () => {
  it("a win costs 2 durability and a loss 5, never below 0", () => {
    expect(durabilityAfterBattle(100, true)).toBe(98);
    expect(durabilityAfterBattle(100, false)).toBe(95);
    expect(durabilityAfterBattle(3, false)).toBe(0);
    expect(durabilityAfterBattle(1, true)).toBe(0);
  });

  it("durability percent is durability / max × 100", () => {
    expect(durabilityPercent({ durability: 50, maxDurability: 200 })).toBe(25);
  });
});

describe("repair", () => {
  it("costs ceil((100 − durability%) × 5)", () => {
    expect(repairCost({ durability: 100, maxDurability: 100 })).toBe(0);
    expect(repairCost({ durability: 57, maxDurability: 100 })).toBe(215);
    expect(repairCost({ durability: 0, maxDurability: 100 })).toBe(500);
    expect(repairCost({ durability: 2, maxDurability: 3 })).toBe(167); // 33.33…% missing × 5 = 166.67
  });

  it("matches the spec's percent formula wherever that formula is exact", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (durability) => {
        expect(repairCost({ durability, maxDurability: 100 })).toBe((100 - durability) * 5);
      }),
    );
  });

  it("at full durability shows 'Bot is in perfect condition!'", () => {
    expect(checkRepair({ durability: 100, maxDurability: 100 }, 9999)).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "Bot is in perfect condition!",
    });
  });

  it("needs coins to cover the cost", () => {
    expect(checkRepair({ durability: 90, maxDurability: 100 }, 49)).toEqual({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "Not enough coins!",
    });
    expect(checkRepair({ durability: 90, maxDurability: 100 }, 50).ok).toBe(true);
  });
});
