// Guild rows as the contract shows them: the card fields with the progress bar toward war eligibility.
import type { GuildBanner, GuildSummary } from "@bot-arena/contract";
import { GUILD_BANNER_COLORS, warEligibilityProgress } from "@bot-arena/game";
import type { guilds } from "../../platform/db/schema";

export type GuildRow = typeof guilds.$inferSelect;

export const toGuildSummary = (row: GuildRow): GuildSummary => ({
  id: row.id,
  name: row.name,
  tag: row.tag,
  description: row.description,
  memberCount: row.memberCount,
  maxMembers: row.maxMembers,
  bankBalance: row.bankBalance,
  totalPower: row.totalPower,
  isEligibleForWar: row.isEligibleForWar,
  sitsOutNextWar: row.sitsOutNextWar,
  currentWarId: row.currentWarId,
  restsUntil: row.restsUntil?.toISOString() ?? null,
  progress: { ...warEligibilityProgress(row.bankBalance), needed: 500 },
  perks: {
    seatLevel: row.seatLevel,
    warDrillLevel: row.warDrillLevel,
    banner: bannerOf(row),
  },
});

/** The banner columns as the contract shows them (both set or neither: a check constraint). */
export const bannerOf = (row: {
  bannerColor: string | null;
  bannerEmblem: string | null;
}): GuildBanner | null =>
  row.bannerColor && row.bannerEmblem
    ? {
        color: row.bannerColor,
        hex: GUILD_BANNER_COLORS.find((c) => c.name === row.bannerColor)?.hex ?? "#22e5ff",
        emblem: row.bannerEmblem,
      }
    : null;

/** The spec's "user short id": enough of the uuid to tell members apart at a glance. */
export const shortId = (userId: string): string => userId.slice(0, 8);

/** Channels a guild change is announced on: the guild's own page and the list of guilds. */
export const guildChannel = (guildId: string) => `guild:${guildId}` as const;
