// The PvP list's rating window: pilots within 100 points of the viewer's rating when there are enough of them,
// widening (200, 400, 800, then anyone) while fewer than a full list are near. A new pilot (1500, like most of a
// young arena) sees the nearest; a lone champion still gets a list.
import { PVP_OPPONENT_LIST_SIZE } from "../constants";

export const PVP_RATING_WINDOWS = [100, 200, 400, 800] as const;

/**
 * The narrowest window holding at least `size` candidates, given how many are within each of
 * PVP_RATING_WINDOWS (same order; the counts may stop at the first full window); null (no bound) when even the
 * widest holds fewer.
 */
export function pvpRatingWindow(
  withinEach: readonly number[],
  size: number = PVP_OPPONENT_LIST_SIZE,
): number | null {
  const index = withinEach.findIndex((count) => count >= size);
  return index === -1 ? null : (PVP_RATING_WINDOWS[index] ?? null);
}
