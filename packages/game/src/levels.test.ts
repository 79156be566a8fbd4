import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { battleXp, gainXp, levelForXp, xpBarMax } from "./levels";

describe("levels", () => {
  it("level = floor(xp / 100) + 1", () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(99)).toBe(1);
    expect(levelForXp(100)).toBe(2);
    expect(levelForXp(250)).toBe(3);
  });

  it("the XP bar runs to level × 100", () => {
    expect(xpBarMax(1)).toBe(100);
    expect(xpBarMax(7)).toBe(700);
  });

  it("a win pays 50 + 10 × opponent level, a loss pays 10", () => {
    expect(battleXp(true, 1)).toBe(60);
    expect(battleXp(true, 12)).toBe(170);
    expect(battleXp(false, 12)).toBe(10);
  });

  it("each level gained gives 5 available points", () => {
    expect(gainXp({ xp: 90, level: 1, availablePoints: 0 }, 170)).toEqual({
      xp: 260,
      level: 3,
      availablePoints: 10,
      leveledUp: true,
      levelsGained: 2,
      pointsGained: 10,
    });
  });

  it("a fused bot with xp 0 keeps its higher level", () => {
    const gain = gainXp({ xp: 0, level: 30, availablePoints: 0 }, 60);
    expect(gain.level).toBe(30);
    expect(gain.leveledUp).toBe(false);
  });

  it("levels never go down and points equal 5 × levels gained", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.integer({ min: -50, max: 2000 }), { maxLength: 30 }),
        (xp, levelFloor, points, rewards) => {
          let bot = { xp, level: Math.max(levelFloor, levelForXp(xp)), availablePoints: points };
          const startLevel = bot.level;
          for (const reward of rewards) {
            const gain = gainXp(bot, reward);
            expect(gain.level).toBeGreaterThanOrEqual(bot.level);
            expect(gain.pointsGained).toBe(5 * gain.levelsGained);
            bot = { xp: gain.xp, level: gain.level, availablePoints: gain.availablePoints };
          }
          expect(bot.availablePoints - points).toBe(5 * (bot.level - startLevel));
        },
      ),
    );
  });
});
