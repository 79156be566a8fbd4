// The player's equipment and the equip toggle. One item is equipped per player, on the bot that was active
// when it was equipped; equipping another (or on another bot) moves the slot, and the bot is redrawn holding
// its weapon. Weapon bonuses are read from bots.equipped_weapon_id by the arena.
import type { EquipResponse, InventoryList } from "@bot-arena/contract";
import { inventoryMessages } from "@bot-arena/contract";
import { checkEquip, messages } from "@bot-arena/game";
import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database";
import { bots, equipment, inventory } from "../../platform/db/schema";
import { notFound } from "../../platform/errors";
import type { BotId, UserId } from "../../platform/ids";
import { publishToPlayer } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { type BotImageDeps, findActiveBot, lockProfile, regenerateBotImage } from "../bots/queries";
import { toEquipmentItem } from "../shop/equipment-item";

export type InventoryService = ReturnType<typeof createInventoryService>;

export function createInventoryService(deps: { db: Db; images: BotImageDeps }) {
  const { db } = deps;

  /** The player's bots that hold a weapon (at most one while the slot rule holds). */
  const armedBots = (tx: Db, userId: UserId) =>
    tx
      .select({ id: bots.id, name: bots.name, weaponId: bots.equippedWeaponId })
      .from(bots)
      .where(and(eq(bots.userId, userId), isNotNull(bots.equippedWeaponId)));

  async function disarm(tx: Tx, userId: UserId, except: BotId | null): Promise<BotId[]> {
    const disarmed = await tx
      .update(bots)
      .set({ equippedWeaponId: null })
      .where(
        and(
          eq(bots.userId, userId),
          isNotNull(bots.equippedWeaponId),
          except ? ne(bots.id, except) : undefined,
        ),
      )
      .returning({ id: bots.id });
    return disarmed.map((bot) => bot.id);
  }

  return {
    async list(userId: UserId): Promise<InventoryList> {
      const rows = await db
        .select({ entry: inventory, item: equipment })
        .from(inventory)
        .innerJoin(equipment, eq(equipment.id, inventory.equipmentId))
        .where(eq(inventory.userId, userId))
        .orderBy(desc(inventory.isEquipped), desc(inventory.createdAt), desc(inventory.id));
      const holders = await armedBots(db, userId);
      return {
        items: rows.map(({ entry, item }) => {
          const holder = entry.isEquipped ? holders.find((bot) => bot.weaponId === item.id) : undefined;
          return {
            id: entry.id,
            isEquipped: entry.isEquipped,
            equippedBot: holder ? { id: holder.id, name: holder.name } : null,
            equipment: toEquipmentItem(item),
            acquiredAt: entry.createdAt.toISOString(),
          };
        }),
      };
    },

    async toggleEquip(userId: UserId, entryId: string): Promise<EquipResponse> {
      const toggled = await db.transaction(async (tx) => {
        await lockProfile(tx, userId);
        const [entry] = await tx
          .select()
          .from(inventory)
          .where(and(eq(inventory.id, entryId), eq(inventory.userId, userId)))
          .for("update");
        if (!entry) throw notFound(inventoryMessages.itemNotFound);

        let armed: BotId | null = null;
        let disarmed: BotId[];
        if (entry.isEquipped) {
          await tx.update(inventory).set({ isEquipped: false }).where(eq(inventory.id, entry.id));
          disarmed = await disarm(tx, userId, null);
        } else {
          const active = await findActiveBot(tx, userId, { lock: true });
          refuse(checkEquip(active !== null));
          armed = active!.id;
          // Off first: the partial unique index allows one equipped item per player at any instant.
          await tx
            .update(inventory)
            .set({ isEquipped: false })
            .where(and(eq(inventory.userId, userId), eq(inventory.isEquipped, true)));
          await tx.update(inventory).set({ isEquipped: true }).where(eq(inventory.id, entry.id));
          disarmed = await disarm(tx, userId, armed);
          await tx.update(bots).set({ equippedWeaponId: entry.equipmentId }).where(eq(bots.id, armed));
        }

        await publishToPlayer(tx, userId, "bots");
        await publishToPlayer(tx, userId, "inventory");
        return { armed, disarmed };
      });

      // Every bot whose hands changed is redrawn, after the commit: with the new weapon, or unarmed.
      const { armed, disarmed } = toggled;
      const redrawn = new Map<BotId, string | null>();
      for (const botId of new Set([...(armed ? [armed] : []), ...disarmed])) {
        redrawn.set(botId, await regenerateBotImage(db, botId, deps.images));
      }
      if (redrawn.size > 0) await publishToPlayer(db, userId, "bots");
      const shown = armed ?? disarmed[0] ?? null;
      return {
        isEquipped: armed !== null,
        message: armed ? messages.itemEquipped : messages.itemUnequipped,
        bot: shown ? { id: shown, imageUrl: redrawn.get(shown) ?? null } : null,
      };
    },
  };
}
