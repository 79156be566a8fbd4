// The weapon slot: a player has at most one equipped item, held by at most one of their bots. Any path that
// takes bots away from their owner (a sale, a fusion, recycling) releases the weapon first, so the item shows
// as unequipped again instead of pointing at a bot that is gone or someone else's.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { bots, inventory } from "../../platform/db/schema";
import type { BotId, UserId } from "../../platform/ids";

/** Takes the weapons off these bots of the player and unequips the items they held. Returns how many. */
export async function releaseWeapons(db: Db, userId: UserId, botIds: readonly BotId[]): Promise<number> {
  if (botIds.length === 0) return 0;
  const held = await db
    .update(bots)
    .set({ equippedWeaponId: null })
    .where(and(eq(bots.userId, userId), inArray(bots.id, [...botIds]), isNotNull(bots.equippedWeaponId)))
    .returning({ id: bots.id });
  if (held.length === 0) return 0;
  // One slot per player: a weapon held by any of these bots was the player's one equipped item.
  await db
    .update(inventory)
    .set({ isEquipped: false })
    .where(and(eq(inventory.userId, userId), eq(inventory.isEquipped, true)));
  return held.length;
}
