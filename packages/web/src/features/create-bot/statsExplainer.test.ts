import { describe, expect, it } from "vitest";
import { statsExplainer } from "./statsExplainer";

describe("statsExplainer", () => {
  it("says each stat starts at 5 and names the 20 free points, not 'Distribute 40 points'", () => {
    expect(statsExplainer).toBe("Each stat starts at 5 and can rise to 15. Place your 20 free points.");
    expect(statsExplainer).not.toMatch(/40/);
  });
});
