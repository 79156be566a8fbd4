// Run-time switches an admin flips from the panel, one admin_settings row per key, falling back to the
// configured default until an admin has chosen.
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database";
import { adminSettings } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { DELETED_STARTER_SONGS_KEY } from "../../platform/seed/starter-music";

export const settingKeys = {
  /** { enabled: boolean }: the background top-up of the image library. */
  libraryTopUp: "image_library_top_up",
  /** string[]: starter songs an admin deleted, so the start-up seed does not bring them back. */
  deletedStarterSongs: DELETED_STARTER_SONGS_KEY,
  /** { first, second, third }: the place rewards of the guild wars that open from now on (the house pays them). */
  guildWarRewards: "guild_war_rewards",
} as const;

export async function readSetting<T>(db: Db | Tx, key: string): Promise<T | undefined> {
  const [row] = await db
    .select({ value: adminSettings.value })
    .from(adminSettings)
    .where(eq(adminSettings.key, key));
  return row?.value as T | undefined;
}

export async function writeSetting(
  tx: Db | Tx,
  key: string,
  value: unknown,
  adminId: UserId | null,
): Promise<void> {
  const now = new Date();
  await tx
    .insert(adminSettings)
    .values({ key, value, updatedBy: adminId, updatedAt: now })
    .onConflictDoUpdate({ target: adminSettings.key, set: { value, updatedBy: adminId, updatedAt: now } });
}
