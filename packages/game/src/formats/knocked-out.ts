// Whether an entrant is out of an event, from the matches as stored: the server's alerts ("knocked out") and the
// tournament page's own line for the player read the same answer.
import type { EventFormatName } from "./types";

/** The losses that put an entrant out; round robin and Swiss play every entrant to the end. */
const LIVES: Record<EventFormatName, number> = {
  single_elimination: 1,
  double_elimination: 2,
  round_robin: Number.POSITIVE_INFINITY,
  swiss: Number.POSITIVE_INFINITY,
};

export interface StoredEventMatch {
  readonly status: "pending" | "in_progress" | "completed";
  readonly participant1Id: string | null;
  readonly participant2Id: string | null;
  readonly winnerId: string | null;
}

/** Out: as many fought losses as the format allows and no match left to play (a semi-final's loser still has
 * the bronze match). */
export function isKnockedOut(
  format: EventFormatName,
  matches: readonly StoredEventMatch[],
  id: string,
): boolean {
  let losses = 0;
  for (const m of matches) {
    const plays = m.participant1Id === id || m.participant2Id === id;
    if (!plays) continue;
    if (m.status !== "completed") return false;
    const fought = m.participant1Id !== null && m.participant2Id !== null;
    if (fought && m.winnerId !== null && m.winnerId !== id) losses += 1;
  }
  return losses >= LIVES[format];
}
