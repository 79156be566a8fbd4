// The global chat: the latest 50 messages (without the players the reader hid), sending under the chat's rules
// (lines.ts), reports (of either chat's lines) and hidden players (hidden in both chats).
import type { ChatMessage, ChatMessageList, HiddenPlayers } from "@bot-arena/contract";
import { chatTexts } from "@bot-arena/game";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { SessionUser } from "../../platform/auth/session";
import type { Db } from "../../platform/db/database";
import { chatHiddenPlayers, chatMessages, chatReports, profiles } from "../../platform/db/schema";
import { badRequest, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { notGuildMember } from "../guilds/refusals";
import { guildMembership } from "./guild-members";
import { type LineDeps, latestLines, writeLine } from "./lines";
import { activeMuteUntil, mutedError } from "./mutes";

export type ChatDeps = LineDeps;
export type ChatService = ReturnType<typeof createChatService>;

async function findPlayer(db: Db, userId: string) {
  const [row] = await db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, userId as UserId));
  if (!row) throw notFound(chatTexts.playerNotFound);
  return row;
}

async function hiddenOf(db: Db, userId: UserId): Promise<HiddenPlayers["players"]> {
  return db
    .select({ userId: chatHiddenPlayers.hiddenUserId, username: profiles.username })
    .from(chatHiddenPlayers)
    .innerJoin(profiles, eq(profiles.id, chatHiddenPlayers.hiddenUserId))
    .where(eq(chatHiddenPlayers.userId, userId))
    .orderBy(asc(profiles.username));
}

export function createChatService(deps: ChatDeps) {
  const { db } = deps;

  return {
    async list(viewer: SessionUser | null): Promise<ChatMessageList> {
      const messages = await latestLines(db, viewer?.id ?? null, null);
      const mutedUntil = viewer ? await activeMuteUntil(db, viewer.id, deps.clock.now()) : null;
      return { messages, mutedUntil: mutedUntil?.toISOString() ?? null };
    },

    send: (user: SessionUser, raw: string): Promise<ChatMessage> =>
      writeLine(deps, user, raw, { guildId: null }),

    async report(user: SessionUser, messageId: string, reason: string | undefined) {
      const [row] = await db
        .select({ userId: chatMessages.userId, guildId: chatMessages.guildId, kind: chatMessages.kind })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)));
      if (!row) throw notFound(chatTexts.messageNotFound);
      // A guild's line is its members' to report: nobody else can have read it.
      if (row.guildId && !(await guildMembership(db, user.id, row.guildId))) throw notGuildMember();
      if (row.kind === "system") throw badRequest(chatTexts.cannotReportSystem);
      if (row.userId === user.id) throw badRequest(chatTexts.cannotReportOwn);
      // A muted player cannot report either: a report is a message to the moderators.
      const mutedUntil = await activeMuteUntil(db, user.id, deps.clock.now());
      if (mutedUntil) throw mutedError(mutedUntil);
      const trimmed = reason?.trim();
      await db
        .insert(chatReports)
        .values({ messageId, reporterId: user.id, reason: trimmed ? trimmed : null })
        .onConflictDoNothing();
      return { message: chatTexts.reported };
    },

    hidden: async (user: SessionUser): Promise<HiddenPlayers> => ({ players: await hiddenOf(db, user.id) }),

    async hide(user: SessionUser, targetId: string): Promise<HiddenPlayers> {
      if (targetId === user.id) throw badRequest(chatTexts.cannotHideSelf);
      const target = await findPlayer(db, targetId);
      await db
        .insert(chatHiddenPlayers)
        .values({ userId: user.id, hiddenUserId: target.id })
        .onConflictDoNothing();
      return { message: chatTexts.hidden(target.username), players: await hiddenOf(db, user.id) };
    },

    async unhide(user: SessionUser, targetId: string): Promise<HiddenPlayers> {
      const target = await findPlayer(db, targetId);
      await db
        .delete(chatHiddenPlayers)
        .where(and(eq(chatHiddenPlayers.userId, user.id), eq(chatHiddenPlayers.hiddenUserId, target.id)));
      return { message: chatTexts.unhidden(target.username), players: await hiddenOf(db, user.id) };
    },
  };
}
