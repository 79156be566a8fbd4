import { describe, expect, it } from "vitest";
import { type NextStepInput, nextStep } from "./nextStep";

const newPilot: NextStepInput = {
  battles: 0,
  activeBot: { name: "Sparky", availablePoints: 0, equippedWeaponId: null },
  coins: 1000,
  botCount: 1,
  hasSpareWeapon: false,
  cheapestWeaponPrice: 200,
};
const armed = { name: "Sparky", availablePoints: 0, equippedWeaponId: "weapon-1" };
const kindOf = (input: Partial<NextStepInput>) => nextStep({ ...newPilot, ...input })?.kind ?? null;

describe("nextStep", () => {
  it("sends a fresh pilot with coins and no weapon to the shop, with the cheapest price", () => {
    expect(nextStep(newPilot)).toEqual({
      kind: "shop",
      title: "Gear up",
      text: "Sparky fights bare-handed. Weapons start at 200 coins, and their ultimates can turn a fight.",
      action: "Visit the shop",
      to: "/shop",
    });
  });

  it("puts unspent training points first", () => {
    const step = nextStep({ ...newPilot, activeBot: { ...armed, availablePoints: 5 } });
    expect(step).toMatchObject({ kind: "train", to: "/train" });
    expect(step?.text).toBe("Sparky has 5 training points to spend. Make them count.");
    expect(nextStep({ ...newPilot, activeBot: { ...armed, availablePoints: 1 } })?.text).toBe(
      "Sparky has 1 training point to spend. Make them count.",
    );
  });

  it("asks to equip a weapon already owned before buying one", () => {
    expect(kindOf({ hasSpareWeapon: true })).toBe("equip");
    expect(kindOf({ hasSpareWeapon: true, activeBot: armed })).not.toBe("equip");
  });

  it("suggests a summon once armed, or when no weapon is affordable, if the wallet covers one", () => {
    expect(kindOf({ activeBot: armed, coins: 500 })).toBe("summon");
    expect(kindOf({ coins: 150, cheapestWeaponPrice: 200 })).toBe("fight");
    expect(kindOf({ activeBot: armed, coins: 499 })).toBe("fight");
    expect(kindOf({ activeBot: armed, coins: 5000, botCount: 20 })).toBe("fight");
  });

  it("waits for the catalogue before sending anyone to the shop", () => {
    expect(kindOf({ cheapestWeaponPrice: null })).toBe("summon");
  });

  it("says nothing to a pilot with 10 battles behind them or without an active bot", () => {
    expect(kindOf({ battles: 9 })).toBe("shop");
    expect(kindOf({ battles: 10 })).toBeNull();
    expect(kindOf({ activeBot: null })).toBeNull();
  });
});
