// A guild's chat, for its members only, under the global chat's rules (lines.ts: 200 characters, the pace over
// every process, the profanity mask, mutes); its leader and officers delete lines in it. A player reads the
// chat of their own guild: no route names another guild's chat for reading.
import { type ChatMessage, chatLiveKinds, type GuildChat } from "@bot-arena/contract";
import { chatTexts } from "@bot-arena/game";
import { and, eq, isNull } from "drizzle-orm";
import type { SessionUser } from "../../platform/auth/session";
import type { Db } from "../../platform/db/database";
import { chatMessages, guilds } from "../../platform/db/schema";
import { forbidden, notFound } from "../../platform/errors";
import { publish } from "../../platform/live/publish";
import { guildNotFound, notGuildMember } from "../guilds/refusals";
import { canModerateGuildChat, guildMembership, ownGuild } from "./guild-members";
import { channelOf, type LineDeps, latestLines, writeLine } from "./lines";
import { activeMuteUntil, mutedError } from "./mutes";

export type GuildChatService = ReturnType<typeof createGuildChatService>;

async function liveGuildExists(db: Db, guildId: string): Promise<void> {
  const [row] = await db
    .select({ id: guilds.id })
    .from(guilds)
    .where(and(eq(guilds.id, guildId), isNull(guilds.disbandedAt)));
  if (!row) throw guildNotFound();
}

export function createGuildChatService(deps: LineDeps) {
  const { db } = deps;

  return {
    async read(user: SessionUser): Promise<GuildChat> {
      const [own, mutedUntil] = await Promise.all([
        ownGuild(db, user.id),
        activeMuteUntil(db, user.id, deps.clock.now()),
      ]);
      return {
        guild: own?.guild ?? null,
        canModerate: own ? canModerateGuildChat(own.role) : false,
        messages: own ? await latestLines(db, user.id, own.guild.id) : [],
        mutedUntil: mutedUntil?.toISOString() ?? null,
      };
    },

    send: (user: SessionUser, guildId: string, raw: string): Promise<ChatMessage> =>
      writeLine(deps, user, raw, {
        guildId,
        async admit(tx) {
          await liveGuildExists(tx, guildId);
          if (!(await guildMembership(tx, user.id, guildId, "share"))) throw notGuildMember();
        },
      }),

    /** The leader or an officer deletes a line of their guild's chat (a second delete changes nothing). */
    async remove(user: SessionUser, guildId: string, messageId: string): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        await liveGuildExists(tx, guildId);
        const role = await guildMembership(tx, user.id, guildId, "share");
        if (!role) throw notGuildMember();
        if (!canModerateGuildChat(role)) throw forbidden(chatTexts.guildModeratorsOnly);
        const now = deps.clock.now();
        const mutedUntil = await activeMuteUntil(tx, user.id, now);
        if (mutedUntil) throw mutedError(mutedUntil);
        const [row] = await tx
          .select({ deletedAt: chatMessages.deletedAt })
          .from(chatMessages)
          .where(and(eq(chatMessages.id, messageId), eq(chatMessages.guildId, guildId)))
          .for("update");
        if (!row) throw notFound(chatTexts.messageNotFound);
        if (row.deletedAt !== null) return { message: chatTexts.deleted };
        await tx
          .update(chatMessages)
          .set({ deletedAt: now, deletedBy: user.id })
          .where(eq(chatMessages.id, messageId));
        await publish(tx, {
          channel: channelOf(guildId),
          kind: chatLiveKinds.deleted,
          data: { id: messageId },
        });
        return { message: chatTexts.deleted };
      });
    },
  };
}
