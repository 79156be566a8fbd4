import { describe, expect, it } from "vitest";
import { stats } from "./testing";
import { checkTraining, trainStat } from "./training";

describe("training", () => {
  const bot = { ...stats(10, 11, 12, 13), energy: 50, availablePoints: 2 };

  it("turns one available point into one stat point for 5 energy", () => {
    expect(trainStat(bot, "agility")).toEqual({
      ok: true,
      value: { ...stats(10, 12, 12, 13), energy: 45, availablePoints: 1 },
    });
  });

  it("without available points: 'No available points! Level up your bot to gain more points.'", () => {
    expect(checkTraining({ energy: 50, availablePoints: 0 })).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "No available points! Level up your bot to gain more points.",
    });
  });

  it("below 5 energy: 'Not enough energy! Need 5 energy per stat point.'", () => {
    expect(trainStat({ ...bot, energy: 4 }, "strength")).toEqual({
      ok: false,
      code: "NOT_ENOUGH_ENERGY",
      message: "Not enough energy! Need 5 energy per stat point.",
    });
    expect(checkTraining({ energy: 5, availablePoints: 1 }).ok).toBe(true);
  });
});
