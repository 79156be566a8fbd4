// Why a summon button is disabled, in the spec's words: the roster thresholds first, then the wallet.
import { messages, SUMMON_SINGLE_COUNT, type SummonCount, summonButtons, summonPrice } from "@bot-arena/game";

export function summonBlockedReason(count: SummonCount, owned: number, coins: number): string | null {
  const { singleDisabled, tenDisabled } = summonButtons(owned);
  if (count === SUMMON_SINGLE_COUNT ? singleDisabled : tenDisabled) return messages.maxBots;
  const price = summonPrice(count);
  return coins < price ? messages.needCoins(price) : null;
}
