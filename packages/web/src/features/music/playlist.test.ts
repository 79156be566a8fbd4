import { describe, expect, it } from "vitest";
import { nextIndex, previousIndex } from "./playlist";

describe("playlist wrap-around", () => {
  it("goes from the last track to the first", () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
  });

  it("goes from the first track back to the last", () => {
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it("stays on a lone track and copes with an empty list", () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(previousIndex(0, 0)).toBe(0);
  });
});
