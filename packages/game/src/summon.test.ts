import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BOT_CLASSES,
  BOT_MODEL_NAMES,
  CREATION_COLOR_SCHEMES,
  type RarityTable,
  SINGLE_SUMMON_RATES,
  TEN_SUMMON_RATES,
} from "./constants";
import { createRng } from "./rng";
import {
  applyBonusPoints,
  checkSummon,
  refreshBot,
  rollRarity,
  rollSingleWithPity,
  rollStats,
  rollTenRarities,
  singlePityStreak,
  singleSummonsUntilPity,
  summonBots,
  summonButtons,
  summonPrice,
} from "./summon";
import { stats } from "./testing";
import type { SummonRarity } from "./types";

/** Pearson's chi-square of observed counts against a percent table. */
function chiSquare(table: RarityTable, counts: Map<SummonRarity, number>, rolls: number): number {
  return table.reduce((sum, [rarity, percent]) => {
    const expected = (rolls * percent) / 100;
    const observed = counts.get(rarity) ?? 0;
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
}

function countRolls(table: RarityTable, rolls: number, seed: string): Map<SummonRarity, number> {
  const rng = createRng(seed);
  const counts = new Map<SummonRarity, number>();
  for (let i = 0; i < rolls; i++) {
    const rarity = rollRarity(rng, table);
    counts.set(rarity, (counts.get(rarity) ?? 0) + 1);
  }
  return counts;
}

describe("summon checks", () => {
  it("a single summon costs 500 and ten cost 5000", () => {
    expect(summonPrice(1)).toBe(500);
    expect(summonPrice(10)).toBe(5000);
  });

  it("the roster may not pass 20 bots ('Maximum 20 bots allowed!')", () => {
    expect(checkSummon({ count: 1, ownedBots: 20, coins: 9999 })).toEqual({
      ok: false,
      code: "LIMIT_REACHED",
      message: "Maximum 20 bots allowed!",
    });
    expect(checkSummon({ count: 10, ownedBots: 11, coins: 9999 })).toEqual({
      ok: false,
      code: "LIMIT_REACHED",
      message: "Maximum 20 bots allowed!",
    });
    expect(checkSummon({ count: 10, ownedBots: 10, coins: 5000 }).ok).toBe(true);
  });

  it("the wallet must cover the price ('Need N coins!')", () => {
    expect(checkSummon({ count: 1, ownedBots: 0, coins: 499 })).toEqual({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "Need 500 coins!",
    });
    expect(checkSummon({ count: 10, ownedBots: 0, coins: 4999 })).toEqual({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "Need 5000 coins!",
    });
  });

  it("only 1 or 10 can be summoned", () => {
    expect(checkSummon({ count: 2, ownedBots: 0, coins: 9999 }).ok).toBe(false);
  });

  it("the 10x button is disabled above 10 owned bots, the single button at 20 or more", () => {
    expect(summonButtons(10)).toEqual({ singleDisabled: false, tenDisabled: false });
    expect(summonButtons(11)).toEqual({ singleDisabled: false, tenDisabled: true });
    expect(summonButtons(19)).toEqual({ singleDisabled: false, tenDisabled: true });
    expect(summonButtons(20)).toEqual({ singleDisabled: true, tenDisabled: true });
  });
});

describe("summon rolls", () => {
  // Critical chi-square values at p = 0.001: 13.82 for 2 degrees of freedom, 16.27 for 3.
  it("single rolls over 200,000 draws fit 50/35/15 within the chi-square bound", () => {
    const rolls = 200_000;
    const counts = countRolls(SINGLE_SUMMON_RATES, rolls, "chi-square-single");
    expect([...counts.keys()].sort()).toEqual(["common", "rare", "uncommon"]);
    expect(chiSquare(SINGLE_SUMMON_RATES, counts, rolls)).toBeLessThan(13.82);
  });

  it("10x rolls over 200,000 draws fit 45/30/15/10 within the chi-square bound", () => {
    const rolls = 200_000;
    const counts = countRolls(TEN_SUMMON_RATES, rolls, "chi-square-ten");
    expect(chiSquare(TEN_SUMMON_RATES, counts, rolls)).toBeLessThan(16.27);
  });

  it("a 10x summon always holds a legendary", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rarities = rollTenRarities(createRng(seed));
        expect(rarities).toHaveLength(10);
        expect(rarities).toContain("legendary");
      }),
      { numRuns: 2000 },
    );
  });

  it("the guarantee only replaces the last roll when none of the ten was legendary", () => {
    let replaced = 0;
    for (let seed = 0; seed < 3000; seed++) {
      const rarities = rollTenRarities(createRng(seed));
      const legendaries = rarities.filter((r) => r === "legendary").length;
      if (legendaries === 1 && rarities[9] === "legendary") replaced++;
      expect(legendaries).toBeGreaterThanOrEqual(1);
    }
    // 0.9^10 ≈ 35% of ten-pulls need the guarantee; the last slot alone is legendary a bit more often.
    expect(replaced / 3000).toBeGreaterThan(0.3);
    expect(replaced / 3000).toBeLessThan(0.45);
  });

  it("summoned stats are the rarity base plus 0 to 2", () => {
    const bases = { common: 8, uncommon: 10, rare: 12, legendary: 15, diamond: 18 } as const;
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(...(Object.keys(bases) as (keyof typeof bases)[])),
        (seed, rarity) => {
          const rolled = rollStats(createRng(seed), rarity);
          for (const value of Object.values(rolled)) {
            expect(value).toBeGreaterThanOrEqual(bases[rarity]);
            expect(value).toBeLessThanOrEqual(bases[rarity] + 2);
          }
        },
      ),
    );
  });

  it("a summoned bot gets a spec model, class and creation colours and is unnamed", () => {
    const [bot] = summonBots(createRng("looks"), 1);
    expect(bot).toBeDefined();
    if (bot === undefined) return;
    expect(BOT_MODEL_NAMES).toContain(bot.model);
    expect(BOT_CLASSES).toContain(bot.botClass);
    expect(CREATION_COLOR_SCHEMES).toContain(bot.colorScheme);
    expect(bot.name).toBe(`${bot.model} (Unnamed)`);
  });

  it("summoning ten yields ten bots, one of them legendary", () => {
    const bots = summonBots(createRng("ten"), 10);
    expect(bots).toHaveLength(10);
    expect(bots.some((b) => b.rarity === "legendary")).toBe(true);
  });

  it("the same seed summons the same bots", () => {
    expect(summonBots(createRng("replay"), 10)).toEqual(summonBots(createRng("replay"), 10));
  });

  it("bonus points are added to the rolled stats and mark the allocation done", () => {
    expect(applyBonusPoints(stats(8, 9, 10, 8), stats(4, 3, 2, 1))).toEqual({
      stats: stats(12, 12, 12, 9),
      statPointsAllocated: true,
    });
  });
});

describe("refresh", () => {
  it("re-rolls rarity on the single table and stats for that rarity", () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      const refreshed = refreshBot(createRng(seed), { availablePoints: 0 });
      seen.add(refreshed.rarity);
      const base = { common: 8, uncommon: 10, rare: 12 }[refreshed.rarity as "common" | "uncommon" | "rare"];
      expect(refreshed.strength - base).toBeGreaterThanOrEqual(0);
      expect(refreshed.strength - base).toBeLessThanOrEqual(2);
    }
    expect([...seen].sort()).toEqual(["common", "rare", "uncommon"]);
  });

  it("hands the 10 bonus points over as available points", () => {
    const refreshed = refreshBot(createRng("points"), { availablePoints: 7 });
    expect(refreshed.availablePoints).toBe(17);
    expect(refreshed.statPointsAllocated).toBe(true);
  });
});

describe("the single summon's pity", () => {
  const misses = (n: number): SummonRarity[] =>
    Array.from({ length: n }, (_, i) => (i % 2 ? "uncommon" : "common"));

  it("counts single summons since the last rare, newest first, and stops at 9", () => {
    expect(singlePityStreak([])).toBe(0);
    expect(singlePityStreak(["rare", "common"])).toBe(0);
    expect(singlePityStreak(["common", "uncommon", "rare", "common"])).toBe(2);
    expect(singlePityStreak(misses(9))).toBe(9);
    expect(singlePityStreak(misses(15))).toBe(9);
    expect(singlePityStreak(["common", "legendary"])).toBe(1);
  });

  it("says how many single summons until the rare: 10 after a rare, 1 when the next one is", () => {
    expect(singleSummonsUntilPity(0)).toBe(10);
    expect(singleSummonsUntilPity(4)).toBe(6);
    expect(singleSummonsUntilPity(9)).toBe(1);
  });

  it("makes the 10th single summon without a rare a rare, and leaves earlier ones to the table", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        expect(rollSingleWithPity(createRng(seed), 9)).toBe("rare");
        expect(summonBots(createRng(seed), 1, 9)[0]!.rarity).toBe("rare");
      }),
      { numRuns: 500 },
    );
    const seen = new Set<SummonRarity>();
    for (let seed = 0; seed < 300; seed++) {
      const rarity = rollSingleWithPity(createRng(seed), 8);
      expect(rarity).toBe(rollRarity(createRng(seed), SINGLE_SUMMON_RATES));
      seen.add(rarity);
    }
    expect([...seen].sort()).toEqual(["common", "rare", "uncommon"]);
  });

  it("never touches the 10x, whatever the streak", () => {
    expect(summonBots(createRng("ten"), 10, 9)).toEqual(summonBots(createRng("ten"), 10));
  });
});
