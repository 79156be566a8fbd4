// Who may be attacked in PvP, and the shield: the rules that keep a defender from being farmed. Every "day" here
// is the 24 hours before the battle, not a calendar day, so a raid at 23:59 and another at 00:01 count together.
// Pure: the server reads the counts under the defender's lock and passes them and the time in.
import { DAY_MS } from "../cashout";

export interface PvpProtectionRules {
  /** PVP_SHIELD_AFTER_LOSSES: lost defenses within a day that raise a shield. */
  readonly shieldAfterLosses: number;
  /** PVP_SHIELD_HOURS: how long the shield holds. */
  readonly shieldHours: number;
  /** PVP_DEFENSES_PER_DAY: defenses a day that may cost a pilot rating or coins; past it nobody may attack. */
  readonly defensesPerDay: number;
}

export const DEFAULT_PVP_PROTECTION: PvpProtectionRules = {
  shieldAfterLosses: 3,
  shieldHours: 12,
  defensesPerDay: 8,
};

/** How far back the defense count, the shield's losses and the once-a-day pair rule look. */
export const PVP_PROTECTION_WINDOW_MS = DAY_MS;
/** How long after a raid its defender may take revenge from the defense log. */
export const PVP_REVENGE_MS = DAY_MS;

/** What the server knows of a target under its lock. */
export interface PvpTarget {
  /** The attacker and the defender were seen on one device or address (the cash-out rule's link). */
  readonly linked: boolean;
  readonly shieldUntilMs: number | null;
  /** Defenses the target fought in the last 24 hours. */
  readonly defensesToday: number;
  /** This attacker attacked this target in the last 24 hours. */
  readonly attackedRecently: boolean;
}

/** "2026-12-02 08:30 UTC": one form for every end time a refusal names, whatever the server's zone. */
export const utcMinute = (ms: number): string =>
  `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

export const pvpMessages = {
  linked: "You cannot fight this pilot: your accounts are linked (one device or address)",
  shielded: (untilMs: number) => `This pilot is shielded until ${utcMinute(untilMs)}`,
  capped: (defenses: number) =>
    `This pilot has defended ${defenses} times in the last 24 hours: try again later`,
  attackedRecently: "You attacked this pilot in the last 24 hours: pick another opponent",
  revengeClosed: "Revenge is open for 24 hours after a raid, once",
  shieldEnds: "Attacking ends your shield",
} as const;

export const isShielded = (shieldUntilMs: number | null, nowMs: number): boolean =>
  shieldUntilMs !== null && shieldUntilMs > nowMs;

/** Why this target cannot be attacked now (the first reason, in the order a player can act on), or null. */
export function pvpTargetRefusal(target: PvpTarget, rules: PvpProtectionRules, nowMs: number): string | null {
  if (target.linked) return pvpMessages.linked;
  if (target.shieldUntilMs !== null && isShielded(target.shieldUntilMs, nowMs)) {
    return pvpMessages.shielded(target.shieldUntilMs);
  }
  if (target.defensesToday >= rules.defensesPerDay) return pvpMessages.capped(rules.defensesPerDay);
  if (target.attackedRecently) return pvpMessages.attackedRecently;
  return null;
}

/**
 * The shield's end after a lost defense, when it was the `shieldAfterLosses`th loss of the day (counting this
 * one), else null. A pilot attacked while shielded was refused before, so the count meets the bound exactly.
 */
export function shieldAfterLoss(
  lossesToday: number,
  rules: PvpProtectionRules,
  nowMs: number,
): number | null {
  return lossesToday >= rules.shieldAfterLosses ? nowMs + rules.shieldHours * 60 * 60 * 1000 : null;
}

/** A revenge is open for the raid's defender, within 24 hours of the raid, while it has not been taken. */
export const revengeOpen = (raidAtMs: number, taken: boolean, nowMs: number): boolean =>
  !taken && nowMs - raidAtMs < PVP_REVENGE_MS;
