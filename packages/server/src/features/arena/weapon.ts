// The weapon a bot fights with: its equipped_weapon_id, counted only while its owner still holds that item
// in their inventory (a bot bought on the marketplace does not bring its seller's gear along).
import type { Weapon } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { equipment, inventory } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";

/** The equipment columns a Weapon is read from (also used where bots are read in bulk, e.g. guild wars). */
export const weaponColumns = {
  name: equipment.name,
  strengthBonus: equipment.strengthBonus,
  agilityBonus: equipment.agilityBonus,
  defenseBonus: equipment.defenseBonus,
  intelligenceBonus: equipment.intelligenceBonus,
  ultimateAbilityName: equipment.ultimateAbilityName,
  ultimateAbilityType: equipment.ultimateAbilityType,
  ultimateAbilityPower: equipment.ultimateAbilityPower,
  ultimateTriggerChance: equipment.ultimateTriggerChance,
};

export async function equippedWeapon(
  db: Db,
  bot: { userId: UserId; equippedWeaponId: string | null },
): Promise<Weapon | null> {
  if (bot.equippedWeaponId === null) return null;
  const [row] = await db
    .select(weaponColumns)
    .from(equipment)
    .innerJoin(inventory, and(eq(inventory.equipmentId, equipment.id), eq(inventory.userId, bot.userId)))
    .where(eq(equipment.id, bot.equippedWeaponId))
    .limit(1);
  return row ?? null;
}
