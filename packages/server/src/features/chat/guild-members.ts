// Who may use a guild's chat: its members (any role) read, write and report; its leader and officers also
// delete. The live socket asks the same question before a socket may follow the guild's channel, and a member
// who leaves or is removed loses the channel on every process at once (the `revoke` of their `me` event).
import { type ChatGuild, chatLiveKinds, type GuildRole, guildChatChannel } from "@bot-arena/contract";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { guildMembers, guilds } from "../../platform/db/schema";
import { isUuid, type UserId } from "../../platform/ids";
import type { LiveChannelGuard } from "../../platform/live/hub";
import { publish } from "../../platform/live/publish";

export const canModerateGuildChat = (role: GuildRole): boolean => role === "leader" || role === "officer";

/** The player's guild (live: a disbanded guild has no members) and their role in it, or null. */
export async function ownGuild(
  db: Db,
  userId: UserId,
): Promise<{ guild: ChatGuild; role: GuildRole } | null> {
  const [row] = await db
    .select({ id: guilds.id, name: guilds.name, tag: guilds.tag, role: guildMembers.role })
    .from(guildMembers)
    .innerJoin(guilds, eq(guilds.id, guildMembers.guildId))
    .where(and(eq(guildMembers.userId, userId), isNull(guilds.disbandedAt)));
  return row ? { guild: { id: row.id, name: row.name, tag: row.tag }, role: row.role } : null;
}

/**
 * The player's role in this guild, or null when they are not in it. `share` holds the membership row until the
 * transaction ends, so a removal racing a line waits for it: the line is written by a member or not at all.
 */
export async function guildMembership(
  db: Db,
  userId: UserId,
  guildId: string,
  lock?: "share",
): Promise<GuildRole | null> {
  const query = db
    .select({ role: guildMembers.role })
    .from(guildMembers)
    .where(and(eq(guildMembers.userId, userId), eq(guildMembers.guildId, guildId)));
  const [row] = lock ? await query.for(lock) : await query;
  return row?.role ?? null;
}

const GUILD_CHAT_CHANNEL = /^guild-chat:(.+)$/;

/** The live socket's check: only a member of the guild may follow its chat's channel. */
export const guildChatGuard = (db: Db): LiveChannelGuard => ({
  matches: (channel) => GUILD_CHAT_CHANNEL.test(channel),
  async allows(userId, channel) {
    const guildId = GUILD_CHAT_CHANNEL.exec(channel)?.[1] ?? "";
    return isUuid(guildId) && (await guildMembership(db, userId, guildId)) !== null;
  },
});

/**
 * Tells the player's tabs that their place in a guild changed (joined, left, removed, promoted, demoted), so the
 * widget asks again which guild chat is theirs. Leaving (or a removal) also takes the guild's chat channel off
 * every socket of theirs, on every process, before anything the guild says next is delivered.
 */
export function announceGuildChatAccess(
  tx: Db,
  userId: UserId,
  guildId: string,
  left = false,
): Promise<void> {
  return publish(tx, {
    channel: "me",
    kind: chatLiveKinds.guildMembership,
    userId,
    data: { guildId },
    ...(left ? { revoke: [guildChatChannel(guildId)] } : {}),
  });
}
