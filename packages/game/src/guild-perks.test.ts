import { describe, expect, it } from "vitest";
import {
  buyPerk,
  checkPerkBuyer,
  drilledStat,
  type GuildPerkState,
  maxMembersAt,
  nextLevelPrice,
  warDrillPercent,
} from "./guild-perks";

const none: GuildPerkState = { seatLevel: 0, warDrillLevel: 0, banner: null };

describe("guild perks", () => {
  it("seats: +5 a level for 2,000 / 4,000 / 8,000, 20 to 35, then no more", () => {
    expect([0, 1, 2, 3].map(maxMembersAt)).toEqual([20, 25, 30, 35]);
    expect([0, 1, 2, 3].map((l) => nextLevelPrice("seats", l))).toEqual([2000, 4000, 8000, null]);
    expect(buyPerk(none, { perk: "seats", level: 1 })).toEqual({
      ok: true,
      value: { price: 2000, next: { ...none, seatLevel: 1 } },
    });
    expect(buyPerk({ ...none, seatLevel: 3 }, { perk: "seats", level: 4 })).toMatchObject({
      ok: false,
      code: "CONFLICT",
      message: "Your guild already has this perk at its last level",
    });
  });

  it("a level already bought (a second click, another officer) is refused", () => {
    expect(buyPerk({ ...none, seatLevel: 1 }, { perk: "seats", level: 1 })).toMatchObject({
      ok: false,
      code: "CONFLICT",
      message: "Your guild is at level 1 of this perk now: the level you chose was bought",
    });
    expect(buyPerk(none, { perk: "war_drill", level: 2 }).ok).toBe(false);
  });

  it("war drill: 3% then 5% of each stat, rounded down, for 5,000 and 10,000; capped at 5%", () => {
    expect([0, 1, 2, 3].map(warDrillPercent)).toEqual([0, 3, 5, 5]);
    expect([0, 1, 2].map((l) => nextLevelPrice("war_drill", l))).toEqual([5000, 10000, null]);
    expect(drilledStat(40, 1)).toBe(41);
    expect(drilledStat(40, 2)).toBe(42);
    expect(drilledStat(15, 2)).toBe(15);
    expect(drilledStat(60, 2)).toBe(63);
    expect(drilledStat(33, 0)).toBe(33);
  });

  it("banner: 1,000 for the first, 250 for a change; known colours and emblems only; the same one is refused", () => {
    const first = buyPerk(none, { perk: "banner", color: "Magenta", emblem: "crown" });
    expect(first).toEqual({
      ok: true,
      value: { price: 1000, next: { ...none, banner: { color: "Magenta", emblem: "crown" } } },
    });
    const flying = { ...none, banner: { color: "Magenta", emblem: "crown" } };
    expect(buyPerk(flying, { perk: "banner", color: "Lime", emblem: "crown" })).toMatchObject({
      ok: true,
      value: { price: 250 },
    });
    expect(buyPerk(flying, { perk: "banner", color: "Magenta", emblem: "crown" })).toMatchObject({
      ok: false,
      message: "Your guild already flies that banner",
    });
    expect(buyPerk(none, { perk: "banner", color: "Beige", emblem: "crown" })).toMatchObject({
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Choose one of the banner colours",
    });
    expect(buyPerk(none, { perk: "banner", color: "Lime", emblem: "<svg>" })).toMatchObject({
      ok: false,
      message: "Choose one of the banner emblems",
    });
  });

  it("only the leader or an officer buys", () => {
    expect(checkPerkBuyer("leader").ok).toBe(true);
    expect(checkPerkBuyer("officer").ok).toBe(true);
    expect(checkPerkBuyer("member")).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      message: "Only the leader or an officer can buy guild perks",
    });
  });
});
