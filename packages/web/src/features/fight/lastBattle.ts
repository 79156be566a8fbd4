// Which stored battle /fight shows when it has none of its own in memory (after a reload mid-battle, or on a
// return visit): the bot's newest battle it started in the arena. The list comes newest first.
import type { BattleSummary } from "@bot-arena/contract";

export function lastArenaBattle(battles: readonly BattleSummary[]): BattleSummary | null {
  return battles.find((b) => (b.kind === "ai" || b.kind === "pvp") && b.side === "attacker") ?? null;
}
