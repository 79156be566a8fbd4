// Boost detection, as lichess's FarmBoostDetection flags it: a new account with a provisional rating whose PvP
// wins come mostly from the same few pilots is likely farming them (alts, or a friend feeding it wins). It is a
// flag for an admin to look at, never a verdict: two friends who just joined look the same.
import { DAY_MS } from "../cashout";

/** An account younger than this many days may be flagged. */
export const BOOST_NEW_ACCOUNT_DAYS = 7;
/** "The same few": at most this many opponents. */
export const BOOST_FEW_OPPONENTS = 3;
/** At least this many wins against them. */
export const BOOST_MIN_WINS = 6;
/** And at least this share of all the pilot's PvP wins. */
export const BOOST_MIN_SHARE = 0.75;

/** The pilot's PvP battles against one other pilot, attacking and defending, from the pilot's side. */
export interface PvpPair {
  readonly opponent: string;
  readonly wins: number;
  readonly losses: number;
}

/** Why this pilot looks boosted, in words for an admin, or null. */
export function boostFlag(input: {
  accountAgeMs: number;
  provisional: boolean;
  pairs: readonly PvpPair[];
}): string | null {
  if (input.accountAgeMs >= BOOST_NEW_ACCOUNT_DAYS * DAY_MS || !input.provisional) return null;
  const total = input.pairs.reduce((sum, pair) => sum + pair.wins, 0);
  const few = [...input.pairs]
    .filter((pair) => pair.wins > 0)
    .sort((a, b) => b.wins - a.wins || (a.opponent < b.opponent ? -1 : 1))
    .slice(0, BOOST_FEW_OPPONENTS);
  const fromFew = few.reduce((sum, pair) => sum + pair.wins, 0);
  if (fromFew < BOOST_MIN_WINS || fromFew < BOOST_MIN_SHARE * total) return null;
  const days = Math.floor(input.accountAgeMs / DAY_MS);
  const age = days === 0 ? "under a day old" : `${days} day${days === 1 ? "" : "s"} old`;
  const names = few.map((pair) => pair.opponent).join(", ");
  const pilots = `${few.length} pilot${few.length === 1 ? "" : "s"}`;
  return `New account (${age}, provisional rating): ${fromFew} of its ${total} PvP wins came from ${pilots} (${names})`;
}
