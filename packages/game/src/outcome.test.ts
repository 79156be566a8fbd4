import { describe, expect, it } from "vitest";
import { checkBattle, settleBattle, settleDefense } from "./outcome";

describe("before a battle", () => {
  const ready = { mode: "ai" as const, opponentSelected: true, energy: 100, durability: 100 };

  it("an opponent must be chosen ('Select an opponent first!')", () => {
    expect(checkBattle({ ...ready, opponentSelected: false })).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "Select an opponent first!",
    });
  });

  it("an AI battle needs 15 energy and a PvP battle 20", () => {
    expect(checkBattle({ ...ready, energy: 14 })).toEqual({
      ok: false,
      code: "NOT_ENOUGH_ENERGY",
      message: "Not enough energy! Need 15 energy.",
    });
    expect(checkBattle({ ...ready, energy: 15 }).ok).toBe(true);
    expect(checkBattle({ ...ready, mode: "pvp", energy: 19 })).toEqual({
      ok: false,
      code: "NOT_ENOUGH_ENERGY",
      message: "Not enough energy! Need 20 energy.",
    });
  });

  it("a bot at 0 durability cannot battle until repaired", () => {
    expect(checkBattle({ ...ready, durability: 0 })).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "Your bot needs repairs!",
    });
  });
});

describe("after a battle", () => {
  const T0 = 1_700_000_000_000;
  const bot = {
    energy: 60,
    maxEnergy: 100,
    lastEnergyUpdate: T0,
    xp: 80,
    level: 1,
    availablePoints: 0,
    wins: 3,
    losses: 1,
    durability: 50,
  };

  it("a win spends energy, pays 50 + 10 × opponent level XP, levels up and costs 2 durability", () => {
    expect(settleBattle(bot, { mode: "ai", won: true, opponentLevel: 2 }, T0 + 30_000)).toEqual({
      energy: 45,
      lastEnergyUpdate: T0,
      xp: 150,
      level: 2,
      availablePoints: 5,
      wins: 4,
      losses: 1,
      durability: 48,
      xpGained: 70,
      leveledUp: true,
      levelsGained: 1,
      pointsGained: 5,
    });
  });

  it("a PvP loss spends 20 energy, pays 10 XP and costs 5 durability", () => {
    const after = settleBattle(bot, { mode: "pvp", won: false, opponentLevel: 9 }, T0);
    expect(after).toMatchObject({
      energy: 40,
      xp: 90,
      level: 1,
      wins: 3,
      losses: 2,
      durability: 45,
      xpGained: 10,
    });
  });

  it("energy regenerated since the last update counts before the cost is taken", () => {
    const after = settleBattle(bot, { mode: "ai", won: true, opponentLevel: 1 }, T0 + 10 * 60_000 + 5);
    expect(after.energy).toBe(55);
    expect(after.lastEnergyUpdate).toBe(T0 + 10 * 60_000);
    const full = settleBattle({ ...bot, energy: 100 }, { mode: "ai", won: true, opponentLevel: 1 }, T0 + 5);
    expect([full.energy, full.lastEnergyUpdate]).toEqual([85, T0 + 5]);
  });

  it("the PvP defender only has its record updated", () => {
    expect(settleDefense({ wins: 1, losses: 1 }, true)).toEqual({ wins: 2, losses: 1 });
    expect(settleDefense({ wins: 1, losses: 1 }, false)).toEqual({ wins: 1, losses: 2 });
  });
});
