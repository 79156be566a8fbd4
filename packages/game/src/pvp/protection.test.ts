import { describe, expect, it } from "vitest";
import {
  DEFAULT_PVP_PROTECTION,
  type PvpTarget,
  pvpMessages,
  pvpTargetRefusal,
  revengeOpen,
  shieldAfterLoss,
  utcMinute,
} from "./protection";

const NOW = Date.UTC(2026, 11, 2, 8, 30, 0);
const HOUR = 60 * 60 * 1000;
const open: PvpTarget = { linked: false, shieldUntilMs: null, defensesToday: 0, attackedRecently: false };
const refusal = (target: Partial<PvpTarget>) =>
  pvpTargetRefusal({ ...open, ...target }, DEFAULT_PVP_PROTECTION, NOW);

describe("who may be attacked", () => {
  it("lets an unprotected pilot be attacked", () => {
    expect(refusal({ defensesToday: 7, shieldUntilMs: NOW })).toBeNull();
  });

  it("refuses a linked pilot, a shielded one, one at the daily cap and one attacked in the last day", () => {
    expect(refusal({ linked: true })).toBe(pvpMessages.linked);
    expect(refusal({ shieldUntilMs: NOW + 1 })).toBe("This pilot is shielded until 2026-12-02 08:30 UTC");
    expect(refusal({ defensesToday: 8 })).toBe(
      "This pilot has defended 8 times in the last 24 hours: try again later",
    );
    expect(refusal({ attackedRecently: true })).toBe(pvpMessages.attackedRecently);
  });

  it("names the reason a player can act on first: linked, then shield, then cap, then the pair", () => {
    expect(
      refusal({ linked: true, shieldUntilMs: NOW + HOUR, defensesToday: 9, attackedRecently: true }),
    ).toBe(pvpMessages.linked);
    expect(refusal({ shieldUntilMs: NOW + HOUR, defensesToday: 9, attackedRecently: true })).toBe(
      pvpMessages.shielded(NOW + HOUR),
    );
    expect(refusal({ defensesToday: 9, attackedRecently: true })).toBe(pvpMessages.capped(8));
  });

  it("writes end times in UTC to the minute", () => {
    expect(utcMinute(Date.UTC(2026, 0, 5, 23, 59, 59))).toBe("2026-01-05 23:59 UTC");
  });
});

describe("the shield", () => {
  it("rises with the third lost defense of the day, for 12 hours", () => {
    expect(shieldAfterLoss(2, DEFAULT_PVP_PROTECTION, NOW)).toBeNull();
    expect(shieldAfterLoss(3, DEFAULT_PVP_PROTECTION, NOW)).toBe(NOW + 12 * HOUR);
  });

  it("follows the configured bounds", () => {
    const rules = { ...DEFAULT_PVP_PROTECTION, shieldAfterLosses: 1, shieldHours: 2 };
    expect(shieldAfterLoss(1, rules, NOW)).toBe(NOW + 2 * HOUR);
  });
});

describe("revenge", () => {
  it("is open for 24 hours after the raid, once", () => {
    expect(revengeOpen(NOW - 24 * HOUR + 1, false, NOW)).toBe(true);
    expect(revengeOpen(NOW - 24 * HOUR, false, NOW)).toBe(false);
    expect(revengeOpen(NOW - HOUR, true, NOW)).toBe(false);
  });
});
