import { describe, expect, it, vi } from "vitest";

vi.mock("canvas-confetti", () => ({ default: vi.fn() }));
const { confettiBursts } = await import("./celebrate");

describe("confettiBursts", () => {
  it("ends every battle with confetti, a defeat included", () => {
    for (const tone of ["win", "loss", "neutral"] as const) {
      expect(confettiBursts(tone).length).toBeGreaterThan(0);
    }
  });

  it("celebrates a win louder than a defeat", () => {
    const particles = (tone: "win" | "loss") =>
      confettiBursts(tone).reduce((sum, burst) => sum + (burst.particleCount ?? 0), 0);
    expect(particles("win")).toBeGreaterThan(particles("loss"));
  });
});
