import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkFusion, checkFusionImages, type FusionParent, fuseBots, fusionTarget } from "./fusion";
import { accepted, makeBot } from "./testing";
import { BotId, type BotRarity, UserId } from "./types";

const NOW = 1_700_000_000_000;
const parent = (id: string, overrides: Partial<FusionParent> = {}): FusionParent =>
  makeBot({ id: BotId(id), ...overrides });

describe("fusion eligibility", () => {
  it("climbs one rung: common → uncommon → rare, legendary → diamond", () => {
    expect(fusionTarget("common")).toBe("uncommon");
    expect(fusionTarget("uncommon")).toBe("rare");
    expect(fusionTarget("legendary")).toBe("diamond");
  });

  it("rare and diamond cannot be fused", () => {
    expect(fusionTarget("rare")).toBeNull();
    expect(fusionTarget("diamond")).toBeNull();
    expect(checkFusion(parent("a", { rarity: "rare" }), parent("b", { rarity: "rare" }))).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "Cannot fuse these bots!",
    });
  });

  it("needs two different bots", () => {
    expect(checkFusion(parent("a"), parent("a")).ok).toBe(false);
  });

  it("needs the same rarity", () => {
    expect(checkFusion(parent("a"), parent("b", { rarity: "uncommon" })).ok).toBe(false);
  });

  it("needs both bots to belong to the same player", () => {
    expect(checkFusion(parent("a"), parent("b", { userId: UserId("someone-else") })).ok).toBe(false);
  });

  it("legendary needs level 25 or more on both", () => {
    const legendary = (id: string, level: number) => parent(id, { rarity: "legendary", level });
    expect(checkFusion(legendary("a", 25), legendary("b", 25)).ok).toBe(true);
    expect(checkFusion(legendary("a", 25), legendary("b", 24)).ok).toBe(false);
    expect(checkFusion(legendary("a", 24), legendary("b", 40)).ok).toBe(false);
  });

  it("the target rarity needs an image in the library", () => {
    expect(checkFusionImages("diamond", 0)).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "No images available for diamond rarity. Please contact admin.",
    });
    expect(checkFusionImages("diamond", 1).ok).toBe(true);
  });
});

describe("fusion result", () => {
  it("keeps the first bot's model, class and colours and the higher level", () => {
    const first = parent("a", { model: "Nova S-4", botClass: "villain", colorPrimary: "#111111", level: 3 });
    const second = parent("b", {
      model: "Phantom V-7",
      botClass: "support",
      colorPrimary: "#222222",
      level: 7,
    });
    const fused = accepted(fuseBots(first, second, NOW));
    expect(fused).toMatchObject({
      name: "Nova S-4 (Unnamed)",
      rarity: "uncommon",
      model: "Nova S-4",
      botClass: "villain",
      colorPrimary: "#111111",
      level: 7,
      xp: 0,
      isActive: false,
      energy: 100,
      lastEnergyUpdate: NOW,
      durability: 100,
      availablePoints: 0,
      statPointsAllocated: true,
      wins: 0,
      losses: 0,
    });
  });

  it("stats are floor((a + b) × 0.8)", () => {
    const fused = accepted(
      fuseBots(
        parent("a", { strength: 13, agility: 9, defense: 8, intelligence: 11 }),
        parent("b", { strength: 12, agility: 9, defense: 9, intelligence: 10 }),
        NOW,
      ),
    );
    expect([fused.strength, fused.agility, fused.defense, fused.intelligence]).toEqual([20, 14, 13, 16]);
  });

  it("legendary + legendary gives diamond with the full sum (factor 1)", () => {
    const fused = accepted(
      fuseBots(
        parent("a", { rarity: "legendary", level: 30, strength: 40 }),
        parent("b", { rarity: "legendary", level: 25, strength: 35 }),
        NOW,
      ),
    );
    expect(fused.rarity).toBe("diamond");
    expect(fused.strength).toBe(75);
    expect(fused.level).toBe(30);
  });

  it("refuses ineligible pairs with 'Cannot fuse these bots!'", () => {
    expect(fuseBots(parent("a"), parent("a"), NOW)).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "Cannot fuse these bots!",
    });
  });

  it("follows the formula for every fusable rarity", () => {
    const stat = fc.integer({ min: 0, max: 10_000 });
    const fusable: BotRarity[] = ["common", "uncommon", "legendary"];
    fc.assert(
      fc.property(
        fc.constantFrom(...fusable),
        fc.tuple(stat, stat, stat, stat),
        fc.tuple(stat, stat, stat, stat),
        fc.integer({ min: 25, max: 200 }),
        fc.integer({ min: 25, max: 200 }),
        (rarity, [s1, a1, d1, i1], [s2, a2, d2, i2], level1, level2) => {
          const first = parent("a", {
            rarity,
            level: level1,
            strength: s1,
            agility: a1,
            defense: d1,
            intelligence: i1,
          });
          const second = parent("b", {
            rarity,
            level: level2,
            strength: s2,
            agility: a2,
            defense: d2,
            intelligence: i2,
          });
          const fused = accepted(fuseBots(first, second, NOW));
          // The factor in tenths (8 for 0.8, 10 for diamond's 1) keeps the reference exact.
          const tenths = rarity === "legendary" ? 10 : 8;
          const expected = (x: number, y: number) => Math.floor(((x + y) * tenths) / 10);
          expect(fused.rarity).toBe(fusionTarget(rarity));
          expect(fused.strength).toBe(expected(s1, s2));
          expect(fused.agility).toBe(expected(a1, a2));
          expect(fused.defense).toBe(expected(d1, d2));
          expect(fused.intelligence).toBe(expected(i1, i2));
          expect(fused.level).toBe(Math.max(level1, level2));
          expect(fused.xp).toBe(0);
        },
      ),
    );
  });
});
