// The player's equipment: owned items, which one is equipped and on which bot, and the equip toggle.

import { equipmentItem } from "./shop";
import { z } from "./zod";

export const inventoryMessages = {
  itemNotFound: "Item not found",
} as const;

export const inventoryEntry = z.object({
  id: z.string(),
  isEquipped: z.boolean(),
  /** The bot holding the weapon while equipped (the active bot when it was equipped). */
  equippedBot: z.object({ id: z.string(), name: z.string() }).nullable(),
  equipment: equipmentItem,
  acquiredAt: z.string(),
});
export type InventoryEntry = z.infer<typeof inventoryEntry>;

export const inventoryList = z.object({ items: z.array(inventoryEntry) });
export type InventoryList = z.infer<typeof inventoryList>;

export const inventoryItemParams = z.object({ id: z.uuid({ error: inventoryMessages.itemNotFound }) });

export const equipResponse = z.object({
  isEquipped: z.boolean(),
  /** 'Item equipped to active bot' or 'Item unequipped'. */
  message: z.string(),
  /** The bot whose weapon changed, with its regenerated image (null when no bot held it). */
  bot: z.object({ id: z.string(), imageUrl: z.string().nullable() }).nullable(),
});
export type EquipResponse = z.infer<typeof equipResponse>;

export const inventoryRoutes = {
  inventory: {
    method: "GET",
    path: "/api/inventory",
    summary: "The player's equipment, newest first, with the equipped item and its bot",
    auth: "player",
    response: inventoryList,
  },
  inventoryEquip: {
    method: "POST",
    path: "/api/inventory/:id/equip",
    summary: "Equip the item on the active bot, or unequip it when it is equipped",
    auth: "player",
    params: inventoryItemParams,
    response: equipResponse,
  },
} as const;
