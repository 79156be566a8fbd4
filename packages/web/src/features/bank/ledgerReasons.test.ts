// The coin history's names for ledger reasons (issue 26): on a phone 'Tourna…' and 'House …' made an entry fee,
// its refund and a prize look alike, and an admin-mode prize read 'House reward tournament'.
import { describe, expect, it } from "vitest";
import { namedReasons, REASON_LABEL_MAX, reasonLabel } from "./ledgerReasons";

describe("coin history labels", () => {
  it("tell a tournament's entry, refund and prizes apart in plain words", () => {
    expect(
      ["tournament_entry", "tournament_refund", "tournament_prize", "house_reward_tournament"].map(
        reasonLabel,
      ),
    ).toEqual(["Tournament entry", "Entry refund", "Tournament prize", "Arena prize"]);
  });

  it("are short enough for a phone's row and never two alike", () => {
    const named = namedReasons.map(reasonLabel);
    expect(named.filter((label) => label.length > REASON_LABEL_MAX)).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  it("read any other coins the arena creates as its reward, and an unknown reason as its words", () => {
    expect(reasonLabel("house_reward_season")).toBe("Arena reward");
    expect(reasonLabel("lucky_draw")).toBe("Lucky draw");
  });
});
