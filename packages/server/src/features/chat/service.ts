// The global chat: the latest 50 messages (without the players the reader hid), sending under the chat's
// rules, reports and hidden players. Pace is counted in the database, so every server process sees the same
// count: a per-player advisory lock queues one player's sends, then the last 10 s of their rows are counted.
import type { ChatMessage, ChatMessageList, HiddenPlayers } from "@bot-arena/contract";
import { chatLiveKinds } from "@bot-arena/contract";
import {
  CHAT_HISTORY_SIZE,
  CHAT_RATE_WINDOW_MS,
  chatTexts,
  isChatRateLimited,
  isRepeatedMessage,
  validateChatMessage,
} from "@bot-arena/game";
import { and, asc, count, desc, eq, gt, isNull, notExists, sql } from "drizzle-orm";
import type { SessionUser } from "../../platform/auth/session";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { chatHiddenPlayers, chatMessages, chatReports, profiles } from "../../platform/db/schema";
import { AppError, badRequest, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { publish } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { activeMuteUntil, mutedError } from "./mutes";
import type { ProfanityFilter } from "./profanity";

export type ChatDeps = { db: Db; clock: Clock; filter: ProfanityFilter };
export type ChatService = ReturnType<typeof createChatService>;

type MessageRow = typeof chatMessages.$inferSelect;

export const toChatMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  userId: row.userId,
  username: row.username,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

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
      const visible = [isNull(chatMessages.deletedAt)];
      if (viewer) {
        visible.push(
          notExists(
            db
              .select({ one: sql`1` })
              .from(chatHiddenPlayers)
              .where(
                and(
                  eq(chatHiddenPlayers.userId, viewer.id),
                  eq(chatHiddenPlayers.hiddenUserId, chatMessages.userId),
                ),
              ),
          ),
        );
      }
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(...visible))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(CHAT_HISTORY_SIZE);
      const mutedUntil = viewer ? await activeMuteUntil(db, viewer.id, deps.clock.now()) : null;
      return { messages: rows.reverse().map(toChatMessage), mutedUntil: mutedUntil?.toISOString() ?? null };
    },

    async send(user: SessionUser, raw: string): Promise<ChatMessage> {
      const checked = validateChatMessage(raw);
      const message = deps.filter(refuse(checked));
      return db.transaction(async (tx) => {
        // One player's sends queue here on every process; other players are not held up.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat:${user.id}`}, 0))`);
        const now = deps.clock.now();
        const mutedUntil = await activeMuteUntil(tx, user.id, now);
        if (mutedUntil) throw mutedError(mutedUntil);
        const since = new Date(now.getTime() - CHAT_RATE_WINDOW_MS);
        const [recent] = await tx
          .select({ total: count() })
          .from(chatMessages)
          .where(and(eq(chatMessages.userId, user.id), gt(chatMessages.createdAt, since)));
        if (isChatRateLimited(recent?.total ?? 0)) {
          throw new AppError(429, "RATE_LIMITED", chatTexts.rateLimited);
        }
        const [previous] = await tx
          .select({ message: chatMessages.message, createdAt: chatMessages.createdAt })
          .from(chatMessages)
          .where(eq(chatMessages.userId, user.id))
          .orderBy(desc(chatMessages.createdAt))
          .limit(1);
        const last = previous ? { message: previous.message, sentAt: previous.createdAt.getTime() } : null;
        if (isRepeatedMessage(last, message, now.getTime())) {
          throw new AppError(409, "CONFLICT", chatTexts.repeated);
        }
        const [row] = await tx
          .insert(chatMessages)
          .values({ userId: user.id, username: user.username, message, createdAt: now })
          .returning();
        const dto = toChatMessage(row!);
        await publish(tx, { channel: "chat", kind: chatLiveKinds.message, data: { message: dto } });
        return dto;
      });
    },

    async report(user: SessionUser, messageId: string, reason: string | undefined) {
      const [row] = await db
        .select({ userId: chatMessages.userId })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)));
      if (!row) throw notFound(chatTexts.messageNotFound);
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
