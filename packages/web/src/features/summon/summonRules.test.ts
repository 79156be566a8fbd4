import type { Bot } from "@bot-arena/contract";
import { describe, expect, it } from "vitest";
import { summonBlockedReason, summonRoomNote } from "./summonRules";
import { unfinishedBots } from "./useSummonFlow";

describe("summonBlockedReason", () => {
  it("blocks the single summon at 20 bots and the 10x above 10", () => {
    expect(summonBlockedReason(1, 19, 500)).toBeNull();
    expect(summonBlockedReason(1, 20, 99_999)).toBe("Maximum 20 bots allowed!");
    expect(summonBlockedReason(10, 10, 5000)).toBeNull();
    // The 10x is refused for want of room for ten, said as such (at 12 bots, 8 slots are still free).
    expect(summonBlockedReason(10, 11, 99_999)).toBe("Needs 10 free slots (9 free)");
    expect(summonBlockedReason(10, 12, 99_999)).toBe("Needs 10 free slots (8 free)");
    expect(summonBlockedReason(10, 20, 99_999)).toBe("Needs 10 free slots (0 free)");
  });

  it("names the price the wallet lacks", () => {
    expect(summonBlockedReason(1, 0, 499)).toBe("Need 500 coins!");
    expect(summonBlockedReason(10, 0, 4999)).toBe("Need 5000 coins!");
  });
});

describe("summonRoomNote", () => {
  it("tells the room left in plain words, not as a refusal", () => {
    expect(summonRoomNote(10, 2)).toBe("Adds 10 bots · 18 of 20 slots free");
    expect(summonRoomNote(1, 19)).toBe("Adds 1 bot · 1 of 20 slots free");
  });
});

describe("unfinishedBots", () => {
  const bot = (id: string, createdAt: string, setupStage: Bot["setupStage"]) =>
    ({ id, createdAt, setupStage }) as Bot;

  it("resumes the bots still being set up, oldest roll first", () => {
    const bots = [
      bot("c", "2030-01-01T00:00:00.002Z", "name"),
      bot("b", "2030-01-01T00:00:00.001Z", null),
      bot("a", "2030-01-01T00:00:00.000Z", "allocate"),
    ];
    expect(unfinishedBots(bots).map((b) => b.id)).toEqual(["a", "c"]);
  });
});
