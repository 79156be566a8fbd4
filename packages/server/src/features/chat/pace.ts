// The chat's pace: at most CHAT_RATE_LIMIT lines per player in any CHAT_RATE_WINDOW_MS, over every channel and
// every server process. Asked inside the line's transaction, after the per-player lock (lines.ts), so one
// player's sends are counted one after another. The database counts the player's rows of the window; with
// LIVE_BUS_URL Redis keeps the moments of their lines instead (one sorted set per player), which costs the
// transaction no count query, and the database's count stands in while Redis is down.
import { CHAT_RATE_LIMIT, CHAT_RATE_WINDOW_MS, isChatRateLimited } from "@bot-arena/game";
import { and, count, eq, gt } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { chatMessages } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import type { SharedRedis } from "../../platform/redis";

export type ChatPace = {
  /**
   * Counts the line `lineId` the player writes at `now`, unless the window is full: false then. Asked again for
   * the same line (a retried transaction) it is not counted twice.
   */
  take(tx: Tx, userId: UserId, lineId: string, now: Date): Promise<boolean>;
  /** The line was not written after all (refused later, rolled back): it no longer counts. */
  giveBack(userId: UserId, lineId: string): Promise<void>;
};

/** The player's rows of the window: what was written is what counts, so there is nothing to give back. */
export const databaseChatPace: ChatPace = {
  async take(tx, userId, _lineId, now) {
    const since = new Date(now.getTime() - CHAT_RATE_WINDOW_MS);
    const [recent] = await tx
      .select({ total: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), gt(chatMessages.createdAt, since)));
    return !isChatRateLimited(recent?.total ?? 0);
  },
  giveBack: async () => {},
};

/**
 * Drops the moments that left the window, then adds this line's unless the window is full. Scores are the
 * server's clock (the database's, or a test's), not Redis', so the window moves as the database's would. The key
 * outlives its window by a minute, so a stopped test clock never sees it expire underneath.
 */
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZSCORE', KEYS[1], ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + 60000)
return 1`;

export function redisChatPace(redis: SharedRedis, fallback: ChatPace = databaseChatPace): ChatPace {
  const key = (userId: UserId) => redis.key(`chat-pace:${userId}`);
  return {
    take: (tx, userId, lineId, now) =>
      redis.attempt(
        async (client) =>
          (await client.eval(
            TAKE,
            1,
            key(userId),
            now.getTime(),
            CHAT_RATE_WINDOW_MS,
            CHAT_RATE_LIMIT,
            lineId,
          )) === 1,
        () => fallback.take(tx, userId, lineId, now),
      ),
    giveBack: (userId, lineId) =>
      redis.attempt(
        async (client) => {
          await client.zrem(key(userId), lineId);
        },
        () => fallback.giveBack(userId, lineId),
      ),
  };
}
