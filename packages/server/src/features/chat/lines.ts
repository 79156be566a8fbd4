// Chat lines in either channel, the global chat (guild_id null) or a guild's: reading the latest 50 a reader
// may see, and writing one under the chat's rules. A per-player advisory lock queues one player's sends (in any
// channel) on every server process; then the pace is counted where every process sees the same count (pace.ts:
// the player's rows of the last 10 s, or Redis with LIVE_BUS_URL), and the repeat rule looks at their previous
// line in the same channel.
import { randomUUID } from "node:crypto";
import { type ChatMessage, chatLiveKinds, guildChatChannel } from "@bot-arena/contract";
import { CHAT_HISTORY_SIZE, chatTexts, isRepeatedMessage, ok, validateChatMessage } from "@bot-arena/game";
import { and, desc, eq, isNull, notExists, type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "../../platform/auth/session";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/database";
import { chatHiddenPlayers, chatMessages } from "../../platform/db/schema";
import { AppError, rateLimited } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { publish } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { latestTitles } from "../seasons/standings";
import { activeMuteUntil, mutedError } from "./mutes";
import type { ChatPace } from "./pace";
import type { ProfanityFilter } from "./profanity";

export type MessageRow = typeof chatMessages.$inferSelect;
export type LineDeps = { db: Db; clock: Clock; filter: ProfanityFilter; pace: ChatPace };

/** A stored line as the chat shows it; `authorTitle` is the author's season title, read beside the line. */
export const toChatMessage = (row: MessageRow, authorTitle: string | null = null): ChatMessage => ({
  id: row.id,
  userId: row.userId,
  username: row.username,
  authorTitle,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  kind: row.kind,
  warId: row.warId,
});

/** The live channel a line is announced on. */
export const channelOf = (guildId: string | null): string => (guildId ? guildChatChannel(guildId) : "chat");

const inChannel = (guildId: string | null): SQL =>
  guildId ? eq(chatMessages.guildId, guildId) : isNull(chatMessages.guildId);

/** The channel's latest lines, oldest first, without deleted ones and (for a reader) without hidden players'. */
export async function latestLines(db: Db, viewerId: UserId | null, guildId: string | null) {
  const visible = [inChannel(guildId), isNull(chatMessages.deletedAt)];
  if (viewerId) {
    visible.push(
      notExists(
        db
          .select({ one: sql`1` })
          .from(chatHiddenPlayers)
          .where(
            and(
              eq(chatHiddenPlayers.userId, viewerId),
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
  const authors = rows.flatMap((row) => (row.userId ? [row.userId] : []));
  const titles = await latestTitles(db, authors);
  return rows
    .reverse()
    .map((row) => toChatMessage(row, row.userId ? (titles.get(row.userId) ?? null) : null));
}

/**
 * Writes one player's line. `admit` runs first inside the transaction (a guild's chat checks membership there),
 * so a refused sender learns that before anything about the message itself.
 */
export async function writeLine(
  deps: LineDeps,
  user: SessionUser,
  raw: string,
  channel: { guildId: string | null; admit?: (tx: Tx) => Promise<void> },
): Promise<ChatMessage> {
  const checked = validateChatMessage(raw);
  // Masked before the transaction: the per-player lock is not held while the filter reads the text.
  const masked = checked.ok ? ok(deps.filter(checked.value)) : checked;
  // Names this line in the pace's count, so a retried transaction counts it once and a refused one gives it back.
  const lineId = randomUUID();
  let counted = false;
  // The author's season title, for the line as it is told live; read before the per-player lock is taken.
  const title = (await latestTitles(deps.db, [user.id])).get(user.id) ?? null;
  const written = deps.db.transaction(async (tx) => {
    // One player's sends queue here on every process; other players are not held up.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat:${user.id}`}, 0))`);
    await channel.admit?.(tx);
    const message = refuse(masked);
    const now = deps.clock.now();
    const mutedUntil = await activeMuteUntil(tx, user.id, now);
    if (mutedUntil) throw mutedError(mutedUntil);
    if (!(await deps.pace.take(tx, user.id, lineId, now))) {
      throw rateLimited("chat_pace", chatTexts.rateLimited);
    }
    counted = true;
    const [previous] = await tx
      .select({ message: chatMessages.message, createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, user.id), inChannel(channel.guildId)))
      .orderBy(desc(chatMessages.createdAt))
      .limit(1);
    const last = previous ? { message: previous.message, sentAt: previous.createdAt.getTime() } : null;
    if (isRepeatedMessage(last, message, now.getTime())) {
      throw new AppError(409, "CONFLICT", chatTexts.repeated);
    }
    const [row] = await tx
      .insert(chatMessages)
      .values({ userId: user.id, username: user.username, message, createdAt: now, guildId: channel.guildId })
      .returning();
    const dto = toChatMessage(row!, title);
    await publish(tx, {
      channel: channelOf(channel.guildId),
      kind: chatLiveKinds.message,
      data: { message: dto },
    });
    return dto;
  });
  return written.catch(async (error: unknown) => {
    if (counted) await deps.pace.giveBack(user.id, lineId);
    throw error;
  });
}
