// Why a summon button is disabled, in the spec's words where it has them: the roster thresholds first, then
// the wallet.
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
  if (count === SUMMON_SINGLE_COUNT && singleDisabled) return messages.maxBots;
  // The 10x stops well before the roster is full: what it lacks is room for ten, not the 20-bot limit itself.
  if (count === SUMMON_TEN_COUNT && tenDisabled) return `Needs 10 free slots (${MAX_BOTS - owned} free)`;
  const price = summonPrice(count);
  return coins < price ? messages.needCoins(price) : null;
}

/** The neutral line under an enabled summon button: how much room the roster has (never worded as a refusal). */
export function summonRoomNote(count: SummonCount, owned: number): string {
  const free = MAX_BOTS - owned;
  if (count === SUMMON_TEN_COUNT) return `Adds 10 bots · ${free} of ${MAX_BOTS} slots free`;
  return `Adds 1 bot · ${free} of ${MAX_BOTS} slots free`;
}
