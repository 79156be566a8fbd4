// Claiming a fused bot's picture from the bot image library: an unclaimed image of the target rarity, chosen
// at random among up to 100, preferring the new bot's class and model so the picture looks like it.
import { randomInt } from "node:crypto";
import { IMAGE_LIBRARY_PICK_LIMIT } from "@bot-arena/game";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { type BotClass, botImageLibrary, type Rarity } from "../../platform/db/schema";

/** A parallel fusion may claim the chosen image first; then another candidate is tried. */
const CLAIM_ATTEMPTS = 5;

/** The claimed image's URL, or null when the rarity has no unclaimed image left. */
export async function claimLibraryImage(
  tx: Tx,
  want: { rarity: Rarity; botClass: BotClass; model: string },
): Promise<string | null> {
  const match = sql<number>`((case when ${botImageLibrary.botClass} = ${want.botClass} then 2 else 0 end) + (case when ${botImageLibrary.model} = ${want.model} then 1 else 0 end))`;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const candidates = await tx
      .select({ id: botImageLibrary.id, match })
      .from(botImageLibrary)
      .where(and(eq(botImageLibrary.rarity, want.rarity), eq(botImageLibrary.isClaimed, false)))
      .orderBy(desc(match), sql`random()`)
      .limit(IMAGE_LIBRARY_PICK_LIMIT);
    if (candidates.length === 0) return null;
    const best = Number(candidates[0]!.match);
    const finalists = candidates.filter((candidate) => Number(candidate.match) === best);
    const chosen = finalists[randomInt(finalists.length)]!;
    // Claimed only if still unclaimed: two fusions can never share a picture.
    const [claimed] = await tx
      .update(botImageLibrary)
      .set({ isClaimed: true })
      .where(and(eq(botImageLibrary.id, chosen.id), eq(botImageLibrary.isClaimed, false)))
      .returning({ imageUrl: botImageLibrary.imageUrl });
    if (claimed) return claimed.imageUrl;
  }
  return null;
}
