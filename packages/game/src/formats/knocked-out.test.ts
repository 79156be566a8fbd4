import { describe, expect, it } from "vitest";
import { isKnockedOut, type StoredEventMatch } from "./knocked-out";

const won = (winner: string, loser: string): StoredEventMatch => ({
  status: "completed",
  participant1Id: winner,
  participant2Id: loser,
  winnerId: winner,
});
const pending = (a: string | null, b: string | null): StoredEventMatch => ({
  status: "pending",
  participant1Id: a,
  participant2Id: b,
  winnerId: null,
});

describe("isKnockedOut", () => {
  it("puts a single elimination loser out, and keeps the winner in", () => {
    const matches = [won("a", "b"), won("c", "d"), pending(null, null)];
    expect(isKnockedOut("single_elimination", matches, "b")).toBe(true);
    expect(isKnockedOut("single_elimination", matches, "a")).toBe(false);
  });

  it("keeps a semi-final loser in while the bronze match is to play, and out after losing it", () => {
    const semis = [won("a", "b"), won("c", "d")];
    expect(isKnockedOut("single_elimination", [...semis, pending("b", "d")], "b")).toBe(false);
    expect(isKnockedOut("single_elimination", [...semis, won("d", "b")], "b")).toBe(true);
  });

  it("takes two losses in double elimination", () => {
    expect(isKnockedOut("double_elimination", [won("a", "b")], "b")).toBe(false);
    expect(isKnockedOut("double_elimination", [won("a", "b"), won("c", "b")], "b")).toBe(true);
  });

  it("never puts anyone out of a round robin or a Swiss", () => {
    const losses = [won("a", "b"), won("c", "b"), won("d", "b")];
    expect(isKnockedOut("round_robin", losses, "b")).toBe(false);
    expect(isKnockedOut("swiss", losses, "b")).toBe(false);
  });

  it("does not count a bye as anyone's loss", () => {
    const bye: StoredEventMatch = { ...won("a", "x"), participant2Id: null };
    expect(isKnockedOut("single_elimination", [bye], "a")).toBe(false);
  });
});
