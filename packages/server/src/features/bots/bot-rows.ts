// A new bot from the rulebook (game's NewBot) as a row to insert.
import type { NewBot } from "@bot-arena/game";
import type { bots } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";

export function newBotRow(
  userId: UserId,
  fresh: NewBot,
  extra: { createdAt: Date; isActive: boolean; imageUrl: string | null },
): typeof bots.$inferInsert {
  return {
    userId,
    name: fresh.name,
    model: fresh.model,
    class: fresh.botClass,
    rarity: fresh.rarity,
    level: fresh.level,
    xp: fresh.xp,
    energy: fresh.energy,
    maxEnergy: fresh.maxEnergy,
    lastEnergyUpdate: new Date(fresh.lastEnergyUpdate),
    wins: fresh.wins,
    losses: fresh.losses,
    strength: fresh.strength,
    agility: fresh.agility,
    defense: fresh.defense,
    intelligence: fresh.intelligence,
    availablePoints: fresh.availablePoints,
    statPointsAllocated: fresh.statPointsAllocated,
    durability: fresh.durability,
    maxDurability: fresh.maxDurability,
    colorPrimary: fresh.colorPrimary,
    colorSecondary: fresh.colorSecondary,
    imageUrl: extra.imageUrl,
    imageGenerationAttempts: extra.imageUrl === null ? 1 : 0,
    isActive: extra.isActive,
    createdAt: extra.createdAt,
  };
}
