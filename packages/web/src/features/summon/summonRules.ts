// Why a summon button is disabled, in the spec's words: the roster thresholds first, then the wallet.
import {
  MAX_BOTS,
  messages,
  SUMMON_SINGLE_COUNT,
  SUMMON_TEN_COUNT,
  type SummonCount,
  summonButtons,
  summonPrice,
} from "@bot-arena/game";

export function summonBlockedReason(count: SummonCount, owned: number, coins: number): string | null {
  const { singleDisabled, tenDisabled } = summonButtons(owned);
  if (count === SUMMON_SINGLE_COUNT ? singleDisabled : tenDisabled) return messages.maxBots;
  const price = summonPrice(count);
  return coins < price ? messages.needCoins(price) : null;
}

/** The neutral line under an enabled summon button: how much room the roster has (never worded as a refusal). */
export function summonRoomNote(count: SummonCount, owned: number): string {
  const free = MAX_BOTS - owned;
  if (count === SUMMON_TEN_COUNT) return `Adds 10 bots · ${free} of ${MAX_BOTS} slots free`;
  return `Adds 1 bot · ${free} of ${MAX_BOTS} slots free`;
}
