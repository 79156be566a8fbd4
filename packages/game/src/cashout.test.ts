import { describe, expect, it } from "vitest";
import {
  assessCashout,
  type CashoutFacts,
  cashoutLockedMessage,
  cashoutProgress,
  checkCashoutDailyCap,
  coinsToMsats,
  DAY_MS,
  DEFAULT_CASHOUT_RULES,
} from "./cashout";

const rules = DEFAULT_CASHOUT_RULES;
const clean: CashoutFacts = { amount: 500, linked: [], gamertagOthers: [], requestsLastDay: 0 };

describe("the cash-out gate", () => {
  it("says how far a new account is: 7 days and 20 battles", () => {
    expect(cashoutLockedMessage({ ageMs: 0, battles: 0 }, rules)).toBe(
      "Cash-outs open after 7 days and 20 battles: 7 days and 20 battles to go",
    );
    expect(cashoutLockedMessage({ ageMs: 8 * DAY_MS, battles: 8 }, rules)).toBe(
      "Cash-outs open after 7 days and 20 battles: 12 battles to go",
    );
    // Days round up: a minute short of the seventh day is still one day to go.
    expect(cashoutLockedMessage({ ageMs: 7 * DAY_MS - 60_000, battles: 20 }, rules)).toBe(
      "Cash-outs open after 7 days and 20 battles: 1 day to go",
    );
    expect(cashoutLockedMessage({ ageMs: 7 * DAY_MS, battles: 20 }, rules)).toBeNull();
    expect(cashoutProgress({ ageMs: 2.5 * DAY_MS, battles: 19 }, rules)).toEqual({
      daysToGo: 5,
      battlesToGo: 1,
    });
  });

  it("names only the conditions the operator set", () => {
    expect(cashoutLockedMessage({ ageMs: 0, battles: 0 }, { minAccountDays: 0, minBattles: 1 })).toBe(
      "Cash-outs open after 1 battle: 1 battle to go",
    );
  });

  it("opens at once when the operator sets both to 0", () => {
    expect(cashoutLockedMessage({ ageMs: 0, battles: 0 }, { minAccountDays: 0, minBattles: 0 })).toBeNull();
  });
});

describe("the daily maximum", () => {
  it("is 500 per account and per gamertag", () => {
    expect(checkCashoutDailyCap(500, { account: 0, gamertag: 0 }, 500)).toEqual({ ok: true, value: 500 });
    expect(checkCashoutDailyCap(301, { account: 200, gamertag: 0 }, 500)).toMatchObject({
      ok: false,
      code: "LIMIT_REACHED",
      message: "You can cash out at most 500 coins a day: 300 left today",
    });
    expect(checkCashoutDailyCap(100, { account: 0, gamertag: 450 }, 500)).toMatchObject({
      ok: false,
      message: "This gamertag can receive at most 500 coins a day: 50 left today",
    });
    expect(checkCashoutDailyCap(1, { account: 600, gamertag: 0 }, 500)).toMatchObject({
      message: "You can cash out at most 500 coins a day: 0 left today",
    });
  });
});

describe("the risk assessment", () => {
  it("sends a clean request within the automatic limit at once", () => {
    expect(assessCashout(clean, rules)).toEqual({ score: 0, reasons: [], automatic: true });
    expect(assessCashout({ ...clean, amount: 501 }, { autoMax: 500 })).toMatchObject({
      score: 15,
      automatic: false,
      reasons: [{ code: "over_auto_max", text: "501 coins is above the 500 paid without review" }],
    });
  });

  it("names linked accounts, how they are linked and the coins that came from them", () => {
    const assessment = assessCashout(
      {
        ...clean,
        linked: [
          { username: "alt1", device: true, address: true, coinsIn: 1000 },
          { username: "alt2", device: true, address: false, coinsIn: 0 },
          { username: "flatmate", device: false, address: true, coinsIn: 250 },
        ],
      },
      rules,
    );
    expect(assessment.reasons.map((reason) => reason.text)).toEqual([
      "Shares a device with 2 other accounts: alt1, alt2",
      "Shares an address with 1 other account: flatmate",
      "1,250 coins came from linked accounts (alt1, flatmate)",
    ]);
    expect(assessment.score).toBe(40 + 25 + 35);
    expect(assessment.automatic).toBe(false);
  });

  it("holds a gamertag used by another account and a second request in a day; the score is capped at 100", () => {
    const assessment = assessCashout(
      {
        amount: 900,
        linked: [{ username: "a", device: true, address: true, coinsIn: 5 }],
        gamertagOthers: ["b", "c", "d", "e", "f"],
        requestsLastDay: 2,
      },
      rules,
    );
    expect(assessment.reasons.map((reason) => reason.code)).toEqual([
      "linked_device",
      "coins_from_linked",
      "gamertag_others",
      "repeat_request",
      "over_auto_max",
    ]);
    expect(assessment.reasons[2]!.text).toBe("The gamertag was used by 5 other accounts: b, c, d and 2 more");
    expect(assessment.reasons[3]!.text).toBe("2 other requests in the last 24 hours");
    expect(assessment.score).toBe(100);
  });

  it("converts coins to millisatoshis exactly, past 2^53", () => {
    expect(coinsToMsats(500, 1000n)).toBe(500_000n);
    expect(coinsToMsats(1_000_000_000_000, 100_000n)).toBe(100_000_000_000_000_000n);
  });
});
