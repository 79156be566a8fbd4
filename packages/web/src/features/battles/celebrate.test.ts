import { describe, expect, it, vi } from "vitest";

vi.mock("canvas-confetti", () => ({ default: vi.fn() }));
const { confettiBursts } = await import("./celebrate");

describe("confettiBursts", () => {
  it("celebrates only the viewer's win: a defeat and a spectator's view end without confetti", () => {
    expect(confettiBursts("win").length).toBeGreaterThan(0);
    expect(confettiBursts("loss")).toEqual([]);
    expect(confettiBursts("neutral")).toEqual([]);
  });
});
