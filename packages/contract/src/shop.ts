// The shop: consumables (applied at once to the active bot) and the equipment catalogue (goes to the inventory).
import { z } from "./zod";

export const shopMessages = {
  itemNotFound: "Item not found",
  needActiveBotForItem: (item: string) => `You need an active bot to use the ${item}`,
  energyAlreadyFull: "Your bot's energy is already full!",
} as const;

export const itemRarity = z.enum(["common", "uncommon", "rare", "epic", "legendary", "diamond"]);
export const ultimateType = z.enum(["damage", "special", "heal"]);

export const equipmentItem = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  rarity: itemRarity,
  price: z.number().int(),
  strengthBonus: z.number().int(),
  agilityBonus: z.number().int(),
  defenseBonus: z.number().int(),
  intelligenceBonus: z.number().int(),
  ultimateAbilityName: z.string(),
  ultimateAbilityDescription: z.string(),
  ultimateAbilityType: ultimateType,
  ultimateAbilityPower: z.number(),
  /** From 0 to 1. */
  ultimateTriggerChance: z.number(),
  /** How the bot image draws it (blade, axe, spear, hammer, staff, cannon, shield), for the card's icon. */
  weaponKind: z.string(),
});
export type EquipmentItem = z.infer<typeof equipmentItem>;

export const consumableType = z.enum(["energy_restore", "durability_restore"]);
export type ConsumableKind = z.infer<typeof consumableType>;

export const consumableItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  type: z.string(),
});
export type ConsumableItem = z.infer<typeof consumableItem>;

export const shopCatalogue = z.object({
  consumables: z.array(consumableItem),
  /** Cheapest first, as the spec orders it. */
  equipment: z.array(equipmentItem),
});
export type ShopCatalogue = z.infer<typeof shopCatalogue>;

export const purchaseBody = z.object({
  itemType: z.enum(["equipment", "consumable"], { error: "Choose equipment or a consumable" }),
  itemId: z.uuid({ error: shopMessages.itemNotFound }),
});
export type PurchaseBody = z.infer<typeof purchaseBody>;

export const purchaseResponse = z.object({
  newCoinBalance: z.number().int(),
  /** 'Purchased <item>!', or 'Energy fully restored!' for the Energy Cell. */
  message: z.string(),
  /** The new inventory entry when equipment was bought. */
  inventoryId: z.string().nullable(),
  /** The active bot a consumable was applied to, with its refilled meters. */
  bot: z
    .object({ id: z.string(), name: z.string(), energy: z.number().int(), durability: z.number().int() })
    .nullable(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponse>;

export const shopRoutes = {
  shop: {
    method: "GET",
    path: "/api/shop",
    summary: "Consumables and the equipment catalogue, cheapest equipment first",
    auth: "player",
    response: shopCatalogue,
  },
  shopPurchase: {
    method: "POST",
    path: "/api/shop/purchase",
    summary: "Buy equipment (into the inventory) or a consumable (applied at once to the active bot)",
    auth: "player",
    body: purchaseBody,
    response: purchaseResponse,
  },
} as const;
