import { describe, expect, it } from "vitest";
import { botClassOrDefault, newCreatedBot, newSummonedBot, totalStrength } from "./bots";
import { createRng } from "./rng";
import { summonBots } from "./summon";
import { accepted, stats } from "./testing";
import { validateBotCreation } from "./validation";

describe("new bots", () => {
  it("a created bot is common, hero, level 1 with full energy and durability and no points", () => {
    const form = accepted(
      validateBotCreation({
        name: "Sparky",
        model: "Nova S-4",
        colorScheme: "Void Purple",
        ...stats(15, 10, 10, 5),
      }),
    );
    expect(newCreatedBot(form, 1234)).toEqual({
      name: "Sparky",
      model: "Nova S-4",
      botClass: "hero",
      rarity: "common",
      level: 1,
      xp: 0,
      energy: 100,
      maxEnergy: 100,
      lastEnergyUpdate: 1234,
      wins: 0,
      losses: 0,
      ...stats(15, 10, 10, 5),
      availablePoints: 0,
      statPointsAllocated: true,
      durability: 100,
      maxDurability: 100,
      colorPrimary: "#8a2be2",
      colorSecondary: "#2e0854",
    });
  });

  it("a summoned bot keeps its rolled rarity, class and looks and waits for its bonus points", () => {
    const [summoned] = summonBots(createRng("new"), 1);
    if (summoned === undefined) throw new Error("no bot summoned");
    const bot = newSummonedBot(summoned, 0);
    expect(bot).toMatchObject({
      rarity: summoned.rarity,
      botClass: summoned.botClass,
      colorPrimary: summoned.colorScheme.primary,
      statPointsAllocated: false,
      level: 1,
      energy: 100,
      durability: 100,
    });
  });

  it("total strength adds the four stats", () => {
    expect(totalStrength(stats(1, 2, 3, 4))).toBe(10);
  });

  it("a missing class is treated as hero", () => {
    expect(botClassOrDefault(null)).toBe("hero");
    expect(botClassOrDefault("villain")).toBe("villain");
  });
});
