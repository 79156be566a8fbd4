// The PvP opponent list's order: the bots nearest the viewer's level, nearest first. The server reads two runs
// off the level index, one going up from the viewer's level and one going down from below it, each as long as
// the list; this merges them, so the list costs two short index range scans rather than a sort of every bot.
import { NEW_BOT_LEVEL, PVP_OPPONENT_LIST_SIZE } from "./constants";

/** The level a player's list is built around: their active bot's, or a new bot's when they have none. */
export const pvpListLevel = (activeBotLevel: number | null): number => activeBotLevel ?? NEW_BOT_LEVEL;

/**
 * The first `size` of the two runs, nearest `level` first. `above` holds bots at or above the level going up,
 * `below` bots under it going down (each already in that order, as the index gives them). At an equal distance
 * the run at or above goes first: the stronger opponent, who pays more XP.
 */
export function nearestByLevel<T extends { readonly level: number }>(
  level: number,
  above: readonly T[],
  below: readonly T[],
  size: number = PVP_OPPONENT_LIST_SIZE,
): T[] {
  const merged: T[] = [];
  let up = 0;
  let down = 0;
  while (merged.length < size) {
    const higher = above[up];
    const lower = below[down];
    const goUp = higher !== undefined && (lower === undefined || higher.level - level <= level - lower.level);
    const next = goUp ? higher : lower;
    if (next === undefined) break;
    merged.push(next);
    if (goUp) up++;
    else down++;
  }
  return merged;
}
