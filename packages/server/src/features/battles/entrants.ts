// Bots entering an event (a tournament's bracket, a guild war's rosters) frozen as fighters, the same way for
// both: the bot's stats and look, its pilot's name, and its equipped weapon counted only while the pilot still
// holds it (as in the arena). Two queries for any number of bots.
import type { Weapon } from "@bot-arena/game";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { bots, equipment, inventory, profiles } from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import { weaponColumns } from "../arena/weapon";
import { type FighterSnapshot, snapshotOfBot } from "./snapshot";

/** Each bot's snapshot by bot id; a bot that is gone is missing from the map. */
export async function snapshotBots(tx: Tx, botIds: readonly BotId[]): Promise<Map<BotId, FighterSnapshot>> {
  if (botIds.length === 0) return new Map();
  const [rows, weapons] = await Promise.all([
    tx
      .select({ bot: bots, username: profiles.username })
      .from(bots)
      .innerJoin(profiles, eq(profiles.id, bots.userId))
      .where(inArray(bots.id, [...botIds])),
    weaponsOf(tx, botIds),
  ]);
  return new Map(
    rows.map((row) => [
      row.bot.id as BotId,
      snapshotOfBot(row.bot, row.username, weapons.get(row.bot.id as BotId) ?? null),
    ]),
  );
}

/** The weapons the bots fight with: each bot's equipped item, counted only while its owner holds it. */
async function weaponsOf(tx: Tx, botIds: readonly BotId[]): Promise<Map<BotId, Weapon>> {
  const rows = await tx
    .selectDistinctOn([bots.id], { botId: bots.id, ...weaponColumns })
    .from(bots)
    .innerJoin(equipment, eq(equipment.id, bots.equippedWeaponId))
    .innerJoin(inventory, and(eq(inventory.equipmentId, equipment.id), eq(inventory.userId, bots.userId)))
    .where(inArray(bots.id, [...botIds]));
  return new Map(rows.map(({ botId, ...weapon }) => [botId as BotId, weapon]));
}
