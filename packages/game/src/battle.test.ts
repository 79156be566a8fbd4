import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BattleResult,
  battleLogLines,
  describeAction,
  effectiveStats,
  hitDamage,
  maxHp,
  runBattle,
  toFighter,
  ultimateDamage,
  ultimateHeal,
} from "./battle";
import { createRng } from "./rng";
import { fighter, makeBot, stats, weapon } from "./testing";
import type { Stats, Weapon } from "./types";

const statsArb = fc.record({
  strength: fc.integer({ min: 0, max: 300 }),
  agility: fc.integer({ min: 0, max: 300 }),
  defense: fc.integer({ min: 0, max: 300 }),
  intelligence: fc.integer({ min: 0, max: 300 }),
});
const weaponArb: fc.Arbitrary<Weapon | null> = fc.option(
  fc.record({
    name: fc.constantFrom("Plasma Blade", "Ion Cannon", "Nano Kit"),
    strengthBonus: fc.integer({ min: 0, max: 20 }),
    agilityBonus: fc.integer({ min: 0, max: 20 }),
    defenseBonus: fc.integer({ min: 0, max: 20 }),
    intelligenceBonus: fc.integer({ min: 0, max: 20 }),
    ultimateAbilityName: fc.option(fc.constantFrom("Overload", "Nova Burst"), { nil: null }),
    ultimateAbilityType: fc.option(fc.constantFrom("damage" as const, "special" as const, "heal" as const), {
      nil: null,
    }),
    ultimateAbilityPower: fc.option(fc.double({ min: 0.1, max: 3, noNaN: true }), { nil: null }),
    ultimateTriggerChance: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  { nil: null },
);
const duelArb = fc.record({ seed: fc.integer(), a: statsArb, aw: weaponArb, d: statsArb, dw: weaponArb });
const battle = (seed: number, a: Stats, aw: Weapon | null, d: Stats, dw: Weapon | null): BattleResult =>
  runBattle(fighter("Alpha", a, aw), fighter("Omega", d, dw), createRng(seed));

describe("battle formulas", () => {
  it("HP is 100 + 2 × defense", () => {
    expect(maxHp(stats(0, 0, 0, 0))).toBe(100);
    expect(maxHp(stats(0, 0, 25, 0))).toBe(150);
  });

  it("a hit deals floor(1.5 × strength + 0.5 × agility − target defense)", () => {
    expect(hitDamage(stats(21, 11, 0, 0), stats(0, 0, 10, 0))).toBe(27); // 31.5 + 5.5 − 10 = 27
    expect(hitDamage(stats(21, 10, 0, 0), stats(0, 0, 10, 0))).toBe(26); // 31.5 + 5 − 10 = 26.5
  });

  it("a hit deals at least 5", () => {
    expect(hitDamage(stats(1, 1, 0, 0), stats(0, 0, 90, 0))).toBe(5);
  });

  it("weapon bonuses are added to the stats", () => {
    expect(effectiveStats(stats(10, 10, 10, 10), weapon({ strengthBonus: 5, defenseBonus: 3 }))).toEqual(
      stats(15, 10, 13, 10),
    );
    expect(effectiveStats(stats(10, 10, 10, 10), null)).toEqual(stats(10, 10, 10, 10));
  });

  it("a damage ultimate deals hit × power − defense, at least the hit", () => {
    expect(ultimateDamage(weapon({ ultimateAbilityType: "damage", ultimateAbilityPower: 3 }), 20, 10)).toBe(
      50,
    );
    expect(ultimateDamage(weapon({ ultimateAbilityType: "damage", ultimateAbilityPower: 1.2 }), 20, 10)).toBe(
      20,
    );
  });

  it("a special ultimate deals hit × power with no defense subtracted, at least the hit", () => {
    expect(
      ultimateDamage(weapon({ ultimateAbilityType: "special", ultimateAbilityPower: 2.5 }), 20, 99),
    ).toBe(50);
    expect(ultimateDamage(weapon({ ultimateAbilityType: "special", ultimateAbilityPower: 0.5 }), 20, 0)).toBe(
      20,
    );
  });

  it("a heal ultimate restores power × max HP, 0.2 when power is missing", () => {
    expect(ultimateHeal(weapon({ ultimateAbilityType: "heal", ultimateAbilityPower: 0.3 }), 150)).toBe(45);
    expect(ultimateHeal(weapon({ ultimateAbilityType: "heal", ultimateAbilityPower: null }), 115)).toBe(23);
  });
});

describe("battle flow", () => {
  it("a bot enters the arena with its name, stats and equipped weapon", () => {
    const blade = weapon();
    expect(toFighter(makeBot({ name: "Sparky", strength: 14 }), blade)).toEqual({
      name: "Sparky",
      stats: stats(14, 10, 10, 10),
      weapon: blade,
    });
  });

  const strong = stats(40, 20, 20, 10);
  const weak = stats(10, 10, 10, 10);

  it("the attacker strikes first and the sides alternate", () => {
    const result = battle(1, weak, null, weak, null);
    expect(result.log[0]?.side).toBe("attacker");
    expect(result.log[0]?.round).toBe(1);
    expect(result.log[1]?.side).toBe("defender");
    expect(result.log[2]?.round).toBe(2);
  });

  it("ordinary hits follow the formula and are logged with both HPs after", () => {
    const result = battle(3, strong, null, weak, null);
    const first = result.log[0];
    expect(first?.damage).toBe(hitDamage(strong, weak)); // 60 + 10 − 10
    expect(first?.defenderHp).toBe(maxHp(weak) - 60);
    expect(first?.attackerHp).toBe(maxHp(strong));
  });

  it("the battle ends as soon as one side reaches 0 HP", () => {
    const result = battle(5, strong, null, weak, null);
    expect(result.endedBy).toBe("knockout");
    expect(result.winner).toBe("attacker");
    expect(result.defenderHp).toBe(0);
    expect(result.log.at(-1)?.defenderHp).toBe(0);
    expect(result.log.filter((e) => e.defenderHp === 0 || e.attackerHp === 0)).toHaveLength(1);
  });

  it("after 50 rounds the higher share of remaining HP wins", () => {
    // Minimum damage against big HP pools: nobody falls within 50 rounds.
    const tank = stats(1, 1, 500, 0);
    const bigger = stats(1, 1, 600, 0);
    const result = battle(9, tank, null, bigger, null);
    expect(result.rounds).toBe(50);
    expect(result.endedBy).toBe("roundLimit");
    // Both lose 50 × 5 = 250 HP; 850/1100 is less than 1050/1300.
    expect(result.attackerHp).toBe(850);
    expect(result.defenderHp).toBe(1050);
    expect(result.winner).toBe("defender");
    expect(battle(9, bigger, null, tank, null).winner).toBe("attacker");
  });

  it("an exact tie in HP share after 50 rounds goes to the defender", () => {
    const tank = stats(1, 1, 500, 0);
    const result = battle(11, tank, null, tank, null);
    expect(result.attackerHp).toBe(result.defenderHp);
    expect(result.winner).toBe("defender");
  });

  it("a weapon whose ultimate always fires uses it every turn and names it", () => {
    const blade = weapon({
      ultimateAbilityType: "special",
      ultimateAbilityPower: 2,
      ultimateTriggerChance: 1,
    });
    const result = battle(4, weak, blade, weak, null);
    const mine = result.log.filter((e) => e.side === "attacker");
    for (const entry of mine) {
      expect(entry.effectType).toBe("ultimate");
      expect(entry.ultimateName).toBe("Plasma Storm");
      expect(entry.damage).toBe(20); // a hit of 15 + 5 − 10 = 10, doubled
    }
  });

  it("a heal ultimate heals instead of attacking, only when hurt, and never above max HP", () => {
    const kit = weapon({ ultimateAbilityType: "heal", ultimateAbilityPower: 0.5, ultimateTriggerChance: 1 });
    const result = battle(2, weak, null, weak, kit);
    const heals = result.log.filter((e) => e.effectType === "heal");
    expect(heals.length).toBeGreaterThan(0);
    for (const entry of heals) {
      expect(entry.side).toBe("defender");
      expect(entry.damage).toBe(0);
      expect(entry.heal).toBeGreaterThan(0);
      expect(entry.defenderHp).toBeLessThanOrEqual(maxHp(weak));
    }
  });

  it("the defender fights with its own weapon", () => {
    const cannon = weapon({ name: "Ion Cannon", ultimateAbilityName: "Ion Beam", ultimateTriggerChance: 1 });
    const result = battle(8, weak, null, weak, cannon);
    expect(result.log.filter((e) => e.side === "defender").every((e) => e.ultimateName === "Ion Beam")).toBe(
      true,
    );
    expect(result.log.filter((e) => e.side === "attacker").every((e) => e.ultimateName === null)).toBe(true);
  });

  it("ordinary hits vary their effect between physical and the attacker's element", () => {
    const brute = stats(30, 10, 10, 10);
    const result = runBattle(
      fighter("Brute", brute, null),
      fighter("Wall", stats(1, 1, 400, 1), null),
      createRng(6),
    );
    const effects = new Set(result.log.filter((e) => e.side === "attacker").map((e) => e.effectType));
    expect(effects).toEqual(new Set(["physical", "fire"]));
  });

  it("messages describe each action and can be rebuilt from a bare log", () => {
    const full = battle(12, strong, null, weak, null);
    const bare = runBattle(fighter("Alpha", strong, null), fighter("Omega", weak, null), createRng(12), {
      messages: false,
    });
    expect(bare.log.every((e) => e.message === null)).toBe(true);
    expect(bare.log.map(describeAction)).toEqual(full.log.map((e) => e.message));
    expect(full.log[0]?.message).toMatch(
      /^Alpha (strikes|scorches) Omega (with fire )?for 60 (fire )?damage!$/,
    );
    expect(battleLogLines(full).at(-1)).toBe("Alpha is victorious!");
    expect(battleLogLines(bare)).toEqual(battleLogLines(full));
  });

  it("log: false gives the same outcome with an empty log", () => {
    const full = battle(13, strong, null, weak, null);
    const quiet = runBattle(fighter("Alpha", strong, null), fighter("Omega", weak, null), createRng(13), {
      log: false,
    });
    expect(quiet.log).toEqual([]);
    expect({ ...quiet, log: full.log }).toEqual(full);
  });
});

describe("battle properties", () => {
  it("a battle always ends within 50 rounds and the same seed gives the same log", () => {
    fc.assert(
      fc.property(duelArb, ({ seed, a, aw, d, dw }) => {
        const first = battle(seed, a, aw, d, dw);
        expect(first.rounds).toBeLessThanOrEqual(50);
        expect(battle(seed, a, aw, d, dw)).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it("HP never goes below 0 nor above max in the log", () => {
    fc.assert(
      fc.property(duelArb, ({ seed, a, aw, d, dw }) => {
        const result = battle(seed, a, aw, d, dw);
        for (const entry of result.log) {
          expect(entry.attackerHp).toBeGreaterThanOrEqual(0);
          expect(entry.defenderHp).toBeGreaterThanOrEqual(0);
          expect(entry.attackerHp).toBeLessThanOrEqual(result.attackerMaxHp);
          expect(entry.defenderHp).toBeLessThanOrEqual(result.defenderMaxHp);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("every hit deals at least 5", () => {
    fc.assert(
      fc.property(duelArb, ({ seed, a, aw, d, dw }) => {
        for (const entry of battle(seed, a, aw, d, dw).log) {
          if (entry.effectType !== "heal") expect(entry.damage).toBeGreaterThanOrEqual(5);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the winner is the side left standing, or the higher HP share at the round limit", () => {
    fc.assert(
      fc.property(duelArb, ({ seed, a, aw, d, dw }) => {
        const r = battle(seed, a, aw, d, dw);
        if (r.endedBy === "knockout") {
          expect(r.winner === "attacker" ? r.defenderHp : r.attackerHp).toBe(0);
        } else {
          const attackerAhead = r.attackerHp * r.defenderMaxHp > r.defenderHp * r.attackerMaxHp;
          expect(r.winner).toBe(attackerAhead ? "attacker" : "defender");
        }
      }),
      { numRuns: 300 },
    );
  });
});
