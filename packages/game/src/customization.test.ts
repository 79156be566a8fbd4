import { describe, expect, it } from "vitest";
import { customizationCost, planCustomization } from "./customization";
import { accepted, makeBot } from "./testing";

const bot = makeBot({ name: "Sparky", colorPrimary: "#00d4ff", colorSecondary: "#0057ff" });
const base = { bot, newName: "", colorScheme: null, isReCustomization: true, coins: 100 } as const;

describe("customization", () => {
  it("the first customization is free", () => {
    const plan = accepted(
      planCustomization({ ...base, isReCustomization: false, newName: "Bolt", colorScheme: "Gold" }),
    );
    expect(plan.cost).toBe(0);
    expect(plan.name).toBe("Bolt");
    expect([plan.colorPrimary, plan.colorSecondary]).toEqual(["#ffd700", "#b8860b"]);
  });

  it("re-customizing costs 5 for a new name and 5 for new colours", () => {
    expect(customizationCost({ isReCustomization: true, renamed: true, recolored: false })).toBe(5);
    expect(customizationCost({ isReCustomization: true, renamed: false, recolored: true })).toBe(5);
    expect(customizationCost({ isReCustomization: true, renamed: true, recolored: true })).toBe(10);
    expect(accepted(planCustomization({ ...base, newName: "Bolt", colorScheme: "Cyan" })).changes).toEqual([
      "rename",
      "color change",
    ]);
  });

  it("an empty name keeps the old one and costs nothing", () => {
    const plan = accepted(planCustomization({ ...base, newName: "   " }));
    expect(plan.name).toBe("Sparky");
    expect(plan.cost).toBe(0);
  });

  it("the same name or the same colours are not changes", () => {
    const plan = accepted(planCustomization({ ...base, newName: "Sparky" }));
    expect(plan.renamed).toBe(false);
    expect(plan.cost).toBe(0);
  });

  it("names are limited to 30 characters", () => {
    expect(planCustomization({ ...base, newName: "n".repeat(31) })).toEqual({
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Name must be at most 30 characters",
    });
  });

  it("short of coins shows 'Insufficient coins' with 'You need N coins for: ...'", () => {
    expect(planCustomization({ ...base, newName: "Bolt", colorScheme: "Violet", coins: 9 })).toEqual({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "Insufficient coins",
      detail: "You need 10 coins for: rename, color change",
    });
  });
});
