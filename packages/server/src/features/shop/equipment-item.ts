// An equipment row as the API shows it, in the shop and in the inventory, with the kind of weapon the bot
// image draws for it (so the card shows the same silhouette the bot will hold).
import type { EquipmentItem } from "@bot-arena/contract";
import { weaponKind } from "@bot-arena/images";
import type { equipment } from "../../platform/db/schema";

export function toEquipmentItem(row: typeof equipment.$inferSelect): EquipmentItem {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    rarity: row.rarity,
    price: row.price,
    strengthBonus: row.strengthBonus,
    agilityBonus: row.agilityBonus,
    defenseBonus: row.defenseBonus,
    intelligenceBonus: row.intelligenceBonus,
    ultimateAbilityName: row.ultimateAbilityName,
    ultimateAbilityDescription: row.ultimateAbilityDescription,
    ultimateAbilityType: row.ultimateAbilityType,
    ultimateAbilityPower: row.ultimateAbilityPower,
    ultimateTriggerChance: row.ultimateTriggerChance,
    weaponKind: weaponKind(row),
  };
}
