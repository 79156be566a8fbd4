// The admin list's line about a tournament's coins, true at every stage: what is in play while it runs, what
// the podium was paid once completed (its pool then reads 0), and a refund without prizes once cancelled.
import type { AdminTournament } from "@bot-arena/contract";
import { formatCoins } from "../../bank/coins";

type Money = Pick<
  AdminTournament,
  "ended" | "prizesPaid" | "entryFeeMode" | "currentPlayers" | "poolBalance" | "rewards"
>;

export function moneyLine(t: Money): string {
  if (t.ended === "completed") return `paid ${formatCoins(t.prizesPaid)} in prizes`;
  if (t.ended === "cancelled") {
    return t.entryFeeMode === "player" && t.currentPlayers > 0
      ? "cancelled: entry fees refunded, no prizes"
      : "cancelled: no prizes";
  }
  const { first, second, third } = t.rewards;
  const prizes = `prizes ${formatCoins(first)}/${formatCoins(second)}/${formatCoins(third)}`;
  // Admin mode's prizes come from the house at the end: its pool is always empty, so only player mode shows one.
  return t.entryFeeMode === "player" ? `pool ${formatCoins(t.poolBalance)} · ${prizes}` : prizes;
}
