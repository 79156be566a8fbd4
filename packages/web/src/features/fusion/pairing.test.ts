import type { Bot } from "@bot-arena/contract";
import type { BotId } from "@bot-arena/game";
import { describe, expect, it } from "vitest";
import { awaitsFusionName, fusionBlocker, pairBlocker, previewFusion } from "./pairing";

let n = 0;
function bot(shape: Partial<Bot> = {}): Bot {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}` as BotId,
    name: `Unit ${n}`,
    model: "Striker X-1",
    botClass: "hero",
    rarity: "common",
    level: 1,
    xp: 0,
    energy: 100,
    maxEnergy: 100,
    lastEnergyUpdate: new Date(0).toISOString(),
    isActive: false,
    wins: 0,
    losses: 0,
    strength: 10,
    agility: 10,
    defense: 10,
    intelligence: 10,
    availablePoints: 0,
    statPointsAllocated: true,
    durability: 100,
    maxDurability: 100,
    colorPrimary: "#00d4ff",
    colorSecondary: "#0066ff",
    imageUrl: null,
    equippedWeaponId: null,
    isListed: false,
    setupStage: null,
    createdAt: new Date(0).toISOString(),
    isCustomized: false,
    ...shape,
  };
}

describe("fusionBlocker", () => {
  it.each([
    ["the active bot", { isActive: true }, "Active bot"],
    ["a listed bot", { isListed: true }, "On the market"],
    ["a bot awaiting its name", { setupStage: "name" as const }, "Finish setup first"],
    ["a rare bot", { rarity: "rare" }, "rare can't fuse"],
    ["a diamond bot", { rarity: "diamond" }, "Already diamond"],
    ["a legendary below 25", { rarity: "legendary", level: 24 }, "Needs Lv. 25"],
  ])("keeps out %s", (_, shape, reason) => {
    expect(fusionBlocker(bot(shape))).toBe(reason);
  });

  it("lets in ready commons, uncommons and level-25 legendaries", () => {
    for (const shape of [{}, { rarity: "uncommon" }, { rarity: "legendary", level: 25 }]) {
      expect(fusionBlocker(bot(shape))).toBeNull();
    }
  });
});

describe("pairBlocker", () => {
  it("pairs only the same rarity and never a bot with itself", () => {
    const first = bot();
    expect(pairBlocker(first, bot())).toBeNull();
    expect(pairBlocker(first, bot({ rarity: "uncommon" }))).toBe("Different rarity");
    expect(pairBlocker(first, first)).toBe("Can't pair");
  });
});

describe("previewFusion", () => {
  it("shows the next rarity, the higher level and 80% of the summed stats", () => {
    const preview = previewFusion(bot({ level: 3, strength: 11 }), bot({ level: 5, strength: 12 }), 0);
    expect(preview).toMatchObject({ rarity: "uncommon", level: 5, strength: 18, agility: 16 });
  });
});

describe("awaitsFusionName", () => {
  it("tells a fused bot awaiting its name from a summoned one", () => {
    expect(awaitsFusionName(bot({ setupStage: "name", statPointsAllocated: true }))).toBe(true);
    expect(awaitsFusionName(bot({ setupStage: "name", statPointsAllocated: false }))).toBe(false);
    expect(awaitsFusionName(bot())).toBe(false);
  });
});
