// Cash-outs send real money (Bitcoin over Lightning) out of the game, so free coins cannot simply leave: an account
// must be old enough and have fought enough battles before its first cash-out, each account and each gamertag
// may take out only so much a UTC day, and every request is assessed: a score with its reasons in words. A
// request with no reason and an amount within the automatic limit is paid at once; any other waits for an
// operator. The thresholds are the operator's settings, passed in; the rules are the same everywhere.

import { fail, ok, type Result } from "./types";

export const DAY_MS = 24 * 60 * 60 * 1000;

export type CashoutRules = {
  /** Days an account must exist before it may cash out. */
  readonly minAccountDays: number;
  /** Battles it must have fought. */
  readonly minBattles: number;
  /** Coins a UTC day, per account and per gamertag. */
  readonly dailyMax: number;
  /** A request of at most this many coins with no reason is sent at once. */
  readonly autoMax: number;
};

export const DEFAULT_CASHOUT_RULES: CashoutRules = {
  minAccountDays: 7,
  minBattles: 20,
  dailyMax: 500,
  autoMax: 500,
};

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

export const cashoutMessages = {
  opensAfter: (rules: Pick<CashoutRules, "minAccountDays" | "minBattles">) =>
    `Cash-outs open after ${[
      ...(rules.minAccountDays > 0 ? [plural(rules.minAccountDays, "day")] : []),
      ...(rules.minBattles > 0 ? [plural(rules.minBattles, "battle")] : []),
    ].join(" and ")}`,
  dailyLeft: (dailyMax: number, left: number) =>
    `You can cash out at most ${dailyMax.toLocaleString("en-US")} coins a day: ${left.toLocaleString("en-US")} left today`,
  gamertagDailyLeft: (dailyMax: number, left: number) =>
    `This gamertag can receive at most ${dailyMax.toLocaleString("en-US")} coins a day: ${left.toLocaleString("en-US")} left today`,
  frozen: "This account is frozen for review: cash-outs, marketplace trades and donations are paused",
  unknownGamertag: (gamertag: string) => `No ZBD account has the gamertag "${gamertag}"`,
  underReview: "Under review",
} as const;

export type CashoutProgress = {
  /** Whole days the account still has to wait (rounded up), 0 once old enough. */
  readonly daysToGo: number;
  readonly battlesToGo: number;
};

/** How far an account is from its first cash-out. */
export function cashoutProgress(
  account: { readonly ageMs: number; readonly battles: number },
  rules: Pick<CashoutRules, "minAccountDays" | "minBattles">,
): CashoutProgress {
  return {
    daysToGo: Math.max(0, Math.ceil((rules.minAccountDays * DAY_MS - account.ageMs) / DAY_MS)),
    battlesToGo: Math.max(0, rules.minBattles - account.battles),
  };
}

/** 'Cash-outs open after 7 days and 20 battles: 3 days and 12 battles to go', or null once they are open. */
export function cashoutLockedMessage(
  account: { readonly ageMs: number; readonly battles: number },
  rules: Pick<CashoutRules, "minAccountDays" | "minBattles">,
): string | null {
  const { daysToGo, battlesToGo } = cashoutProgress(account, rules);
  const parts = [
    ...(daysToGo > 0 ? [plural(daysToGo, "day")] : []),
    ...(battlesToGo > 0 ? [plural(battlesToGo, "battle")] : []),
  ];
  return parts.length === 0 ? null : `${cashoutMessages.opensAfter(rules)}: ${parts.join(" and ")} to go`;
}

/** What an account has cashed out today (requests not refunded) against the daily maximum. */
export function checkCashoutDailyCap(
  amount: number,
  taken: { readonly account: number; readonly gamertag: number },
  dailyMax: number,
): Result<number> {
  const accountLeft = Math.max(0, dailyMax - taken.account);
  if (amount > accountLeft) return fail("LIMIT_REACHED", cashoutMessages.dailyLeft(dailyMax, accountLeft));
  const gamertagLeft = Math.max(0, dailyMax - taken.gamertag);
  if (amount > gamertagLeft)
    return fail("LIMIT_REACHED", cashoutMessages.gamertagDailyLeft(dailyMax, gamertagLeft));
  return ok(amount);
}

/** What the server knows of a request when it assesses it. */
export type CashoutFacts = {
  readonly amount: number;
  /** Accounts linked by a shared device or address, with how, and the coins that reached this one from each. */
  readonly linked: readonly {
    readonly username: string;
    readonly device: boolean;
    readonly address: boolean;
    readonly coinsIn: number;
  }[];
  /** Other accounts that asked for, or were paid to, the same gamertag. */
  readonly gamertagOthers: readonly string[];
  /** This account's other requests in the last 24 hours (any status). */
  readonly requestsLastDay: number;
};

export type RiskReason = { readonly code: string; readonly points: number; readonly text: string };
export type RiskAssessment = {
  /** 0..100: the sum of the reasons' points, capped. */
  readonly score: number;
  readonly reasons: readonly RiskReason[];
  /** Whether it goes to the payout provider without an operator. */
  readonly automatic: boolean;
};

export const RISK_POINTS = {
  linkedDevice: 40,
  linkedAddress: 25,
  coinsFromLinked: 35,
  gamertagOthers: 40,
  repeatRequest: 10,
  overAutoMax: 15,
} as const;

const names = (list: readonly string[]) =>
  list.length <= 3 ? list.join(", ") : `${list.slice(0, 3).join(", ")} and ${list.length - 3} more`;

/** The score and its reasons in words: Stripe Radar's shape, rules an operator can read. */
export function assessCashout(facts: CashoutFacts, rules: Pick<CashoutRules, "autoMax">): RiskAssessment {
  const reasons: RiskReason[] = [];
  const byDevice = facts.linked.filter((link) => link.device).map((link) => link.username);
  const byAddress = facts.linked.filter((link) => link.address && !link.device).map((link) => link.username);
  if (byDevice.length > 0) {
    reasons.push({
      code: "linked_device",
      points: RISK_POINTS.linkedDevice,
      text: `Shares a device with ${plural(byDevice.length, "other account")}: ${names(byDevice)}`,
    });
  }
  if (byAddress.length > 0) {
    reasons.push({
      code: "linked_address",
      points: RISK_POINTS.linkedAddress,
      text: `Shares an address with ${plural(byAddress.length, "other account")}: ${names(byAddress)}`,
    });
  }
  const coinsIn = facts.linked.reduce((sum, link) => sum + link.coinsIn, 0);
  if (coinsIn > 0) {
    const from = facts.linked.filter((link) => link.coinsIn > 0).map((link) => link.username);
    reasons.push({
      code: "coins_from_linked",
      points: RISK_POINTS.coinsFromLinked,
      text: `${plural(coinsIn, "coin")} came from linked accounts (${names(from)})`,
    });
  }
  if (facts.gamertagOthers.length > 0) {
    reasons.push({
      code: "gamertag_others",
      points: RISK_POINTS.gamertagOthers,
      text: `The gamertag was used by ${plural(facts.gamertagOthers.length, "other account")}: ${names(facts.gamertagOthers)}`,
    });
  }
  if (facts.requestsLastDay > 0) {
    reasons.push({
      code: "repeat_request",
      points: RISK_POINTS.repeatRequest,
      text: `${plural(facts.requestsLastDay, "other request")} in the last 24 hours`,
    });
  }
  if (facts.amount > rules.autoMax) {
    reasons.push({
      code: "over_auto_max",
      points: RISK_POINTS.overAutoMax,
      text: `${facts.amount.toLocaleString("en-US")} coins is above the ${rules.autoMax.toLocaleString("en-US")} paid without review`,
    });
  }
  const score = Math.min(
    100,
    reasons.reduce((sum, reason) => sum + reason.points, 0),
  );
  return { score, reasons, automatic: reasons.length === 0 };
}

/** Coins to millisatoshis, exactly (a coin is worth `msatsPerCoin`). */
export const coinsToMsats = (coins: number, msatsPerCoin: bigint): bigint => BigInt(coins) * msatsPerCoin;
