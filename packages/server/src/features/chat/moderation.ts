// The admins' side of the chat, global and guild chats alike: delete a message (it disappears from every open
// chat), mute a player for a time or lift the mute, and read the reports (each says which chat). Each action writes the operations log in its own transaction;
// a refusal is logged after the rollback.
import type { ChatMute, ChatReport } from "@bot-arena/contract";
import {
  chatLiveKinds,
  type ModerationMutedAlert,
  type MuteBody,
  playerAlertKinds,
} from "@bot-arena/contract";
import { chatTexts, validateMuteMinutes } from "@bot-arena/game";
import { and, desc, eq, gt, isNull, max, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isAdmin } from "../../platform/auth/roles";
import type { SessionUser } from "../../platform/auth/session";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { chatMessages, chatMutes, chatReports, guilds, profiles } from "../../platform/db/schema";
import { AppError, badRequest, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { publish, publishToPlayer } from "../../platform/live/publish";
import { logAdminAction } from "../../platform/ops-log";
import { refuse } from "../../platform/refuse";
import { raiseAlerts } from "../alerts/raise";
import { channelOf } from "./lines";

export type ModerationDeps = { db: Db; clock: Clock };
export type ModerationService = ReturnType<typeof createModerationService>;

const REPORTS_SHOWN = 100;

export function createModerationService(deps: ModerationDeps) {
  const { db } = deps;

  /** Runs the action; when it is refused, logs the refusal on its own and refuses as before. */
  async function logged<T>(admin: SessionUser, action: string, target: string, run: () => Promise<T>) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError) {
        await logAdminAction(db, {
          adminId: admin.id,
          action,
          targetType: action === "chat_delete" ? "chat_message" : "player",
          targetId: target,
          result: "error",
          detail: { message: error.message },
        });
      }
      throw error;
    }
  }

  async function listMutes(): Promise<ChatMute[]> {
    const muted = alias(profiles, "muted");
    const by = alias(profiles, "muted_by_profile");
    const rows = await db
      .select({
        userId: chatMutes.userId,
        username: muted.username,
        mutedUntil: chatMutes.mutedUntil,
        reason: chatMutes.reason,
        mutedBy: by.username,
      })
      .from(chatMutes)
      .innerJoin(muted, eq(muted.id, chatMutes.userId))
      .leftJoin(by, eq(by.id, chatMutes.mutedBy))
      .where(and(isNull(chatMutes.liftedAt), gt(chatMutes.mutedUntil, deps.clock.now())))
      .orderBy(desc(chatMutes.mutedUntil));
    return rows.map((row) => ({ ...row, mutedUntil: row.mutedUntil.toISOString() }));
  }

  return {
    deleteMessage: (admin: SessionUser, messageId: string) =>
      logged(admin, "chat_delete", messageId, () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(chatMessages)
            .where(eq(chatMessages.id, messageId))
            .for("update");
          if (!row) throw notFound(chatTexts.messageNotFound);
          // A second admin deleting the same message changes nothing and logs nothing.
          if (row.deletedAt !== null) return { message: chatTexts.deleted };
          await tx
            .update(chatMessages)
            .set({ deletedAt: deps.clock.now(), deletedBy: admin.id })
            .where(eq(chatMessages.id, messageId));
          await logAdminAction(tx, {
            adminId: admin.id,
            action: "chat_delete",
            targetType: "chat_message",
            targetId: messageId,
            result: "success",
            detail: { username: row.username, userId: row.userId, message: row.message },
          });
          await publish(tx, {
            channel: channelOf(row.guildId),
            kind: chatLiveKinds.deleted,
            data: { id: messageId },
          });
          return { message: chatTexts.deleted };
        }),
      ),

    mute: (admin: SessionUser, body: MuteBody) =>
      logged(admin, "chat_mute", body.userId, async () => {
        const minutes = refuse(validateMuteMinutes(body.minutes));
        if (body.userId === admin.id) throw badRequest(chatTexts.cannotMuteSelf);
        const userId = body.userId as UserId;
        return db.transaction(async (tx) => {
          const [target] = await tx
            .select({ username: profiles.username })
            .from(profiles)
            .where(eq(profiles.id, userId))
            .for("update");
          if (!target) throw notFound(chatTexts.playerNotFound);
          if (await isAdmin(tx, userId)) throw new AppError(403, "FORBIDDEN", chatTexts.cannotMuteAdmin);
          const now = deps.clock.now();
          const mutedUntil = new Date(now.getTime() + minutes * 60_000);
          // The latest mute is the one that counts: an earlier, longer one is lifted by it.
          await tx
            .update(chatMutes)
            .set({ liftedAt: now })
            .where(and(eq(chatMutes.userId, userId), isNull(chatMutes.liftedAt)));
          await tx.insert(chatMutes).values({ userId, mutedBy: admin.id, reason: body.reason, mutedUntil });
          await logAdminAction(tx, {
            adminId: admin.id,
            action: "chat_mute",
            targetType: "player",
            targetId: userId,
            result: "success",
            detail: { username: target.username, minutes: minutes, reason: body.reason },
          });
          await publishToPlayer(tx, userId, chatLiveKinds.muted, { mutedUntil: mutedUntil.toISOString() });
          const alert: ModerationMutedAlert = {
            minutes,
            mutedUntil: mutedUntil.toISOString(),
            reason: body.reason,
          };
          await raiseAlerts(tx, [{ userId, kind: playerAlertKinds.moderationMuted, data: alert }]);
          return {
            message: chatTexts.muted(target.username, minutes),
            mute: {
              userId,
              username: target.username,
              mutedUntil: mutedUntil.toISOString(),
              reason: body.reason,
              mutedBy: admin.username,
            },
          };
        });
      }),

    unmute: (admin: SessionUser, userId: string) =>
      logged(admin, "chat_unmute", userId, () =>
        db.transaction(async (tx) => {
          const [target] = await tx
            .select({ username: profiles.username })
            .from(profiles)
            .where(eq(profiles.id, userId as UserId));
          if (!target) throw notFound(chatTexts.playerNotFound);
          const now = deps.clock.now();
          const lifted = await tx
            .update(chatMutes)
            .set({ liftedAt: now })
            .where(
              and(
                eq(chatMutes.userId, userId as UserId),
                isNull(chatMutes.liftedAt),
                gt(chatMutes.mutedUntil, now),
              ),
            )
            .returning({ id: chatMutes.id });
          await logAdminAction(tx, {
            adminId: admin.id,
            action: "chat_unmute",
            targetType: "player",
            targetId: userId,
            result: lifted.length > 0 ? "success" : "warning",
            detail: { username: target.username, lifted: lifted.length },
          });
          await publishToPlayer(tx, userId as UserId, chatLiveKinds.muted, { mutedUntil: null });
          return { message: chatTexts.unmuted(target.username) };
        }),
      ),

    mutes: async () => ({ mutes: await listMutes() }),

    async reports(): Promise<{ reports: ChatReport[] }> {
      const rows = await db
        .select({
          messageId: chatMessages.id,
          userId: chatMessages.userId,
          username: chatMessages.username,
          message: chatMessages.message,
          createdAt: chatMessages.createdAt,
          deletedAt: chatMessages.deletedAt,
          guildId: guilds.id,
          guildName: guilds.name,
          guildTag: guilds.tag,
          reportCount: sql<number>`count(*)::int`,
          lastReportedAt: max(chatReports.createdAt),
          reasons: sql<
            string[]
          >`coalesce(array_agg(${chatReports.reason}) filter (where ${chatReports.reason} is not null), '{}')`,
        })
        .from(chatReports)
        .innerJoin(chatMessages, eq(chatMessages.id, chatReports.messageId))
        .leftJoin(guilds, eq(guilds.id, chatMessages.guildId))
        .groupBy(chatMessages.id, guilds.id)
        .orderBy(desc(max(chatReports.createdAt)))
        .limit(REPORTS_SHOWN);
      return {
        reports: rows.map(
          ({ deletedAt, lastReportedAt, createdAt, guildId, guildName, guildTag, ...row }) => ({
            ...row,
            guild: guildId ? { id: guildId, name: guildName!, tag: guildTag! } : null,
            deleted: deletedAt !== null,
            createdAt: createdAt.toISOString(),
            lastReportedAt: (lastReportedAt ?? createdAt).toISOString(),
          }),
        ),
      };
    },
  };
}
