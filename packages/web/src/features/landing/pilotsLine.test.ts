import { describe, expect, it } from "vitest";
import { pilotsLine } from "./pilotsLine";

describe("pilotsLine", () => {
  it("invites instead of saying '0 pilots registered' on a fresh arena", () => {
    expect(pilotsLine(0)).toBe("A brand-new arena: be its first pilot");
    expect(pilotsLine(0)).not.toMatch(/\b0\b/);
  });

  it("counts the pilots once there are some", () => {
    expect(pilotsLine(1)).toBe("1 pilot registered: be the next");
    expect(pilotsLine(1234)).toBe("1,234 pilots registered");
  });
});
