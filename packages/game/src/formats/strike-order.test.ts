import { describe, expect, it } from "vitest";
import { firstStriker, recordStrikes, type StrikeBook, strikeBalance, strikeRecord } from "./strike-order";

// Entrant "a" is seed 1, "b" seed 2, and so on.
const seedOf = (id: string): number => id.charCodeAt(0) - 96;
const empty: StrikeBook<string> = new Map();

describe("first strike", () => {
  it("goes to the lower seed when neither has struck yet", () => {
    expect(firstStriker("a", "b", empty, seedOf)).toBe("b");
    expect(firstStriker("d", "c", empty, seedOf)).toBe("d");
  });

  it("goes to the one who has struck first less often than second", () => {
    const book = recordStrikes(empty, [["b", "a"]], 1);
    expect(firstStriker("a", "b", book, seedOf)).toBe("a");
    expect(firstStriker("b", "a", book, seedOf)).toBe("a");
  });

  it("weighs first strikes against second strikes, so an extra match does not tilt it", () => {
    // a has struck first more often than c, but second more often still; c struck first in its only match.
    const book: StrikeBook<string> = new Map([
      ["a", { firsts: 2, seconds: 3, lastFirstRound: 4 }],
      ["c", { firsts: 1, seconds: 0, lastFirstRound: 1 }],
    ]);
    expect(strikeBalance(book, "a")).toBe(-1);
    expect(strikeBalance(book, "c")).toBe(1);
    expect(firstStriker("a", "c", book, seedOf)).toBe("a");
  });

  it("on an equal balance goes to the one who had it less recently", () => {
    const book = recordStrikes(recordStrikes(empty, [["a", "c"]], 1), [["b", "d"]], 2);
    expect(firstStriker("a", "b", book, seedOf)).toBe("a");
    expect(firstStriker("b", "a", book, seedOf)).toBe("a");
  });

  it("keeps count of firsts, seconds and the last round struck first", () => {
    const book = recordStrikes(recordStrikes(empty, [["a", "b"]], 1), [["b", "a"]], 2);
    expect(strikeRecord(book, "a")).toEqual({ firsts: 1, seconds: 1, lastFirstRound: 1 });
    expect(strikeRecord(book, "b")).toEqual({ firsts: 1, seconds: 1, lastFirstRound: 2 });
    expect(strikeRecord(book, "z")).toEqual({ firsts: 0, seconds: 0, lastFirstRound: 0 });
  });
});
