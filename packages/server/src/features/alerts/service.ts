// The player's inbox: their alerts of the window, newest first, the unread count, and marking read. Another
// player's alert answers as a missing one, so ids tell nothing. A change goes to the player's other tabs on their
// `me` channel, so every bell shows the same count.
import {
  ALERT_WINDOW_COUNT,
  ALERT_WINDOW_DAYS,
  ALERTS_READ_KIND,
  type AlertList,
  type AlertReadResponse,
  alertMessages,
} from "@bot-arena/contract";
import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { alerts } from "../../platform/db/schema";
import { notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { publishToPlayer } from "../../platform/live/publish";

export type AlertsService = ReturnType<typeof createAlertsService>;

/** The player's alerts still in the window (the pruning keeps it as alerts arrive; this hides what aged since). */
const inWindow = (userId: UserId) =>
  and(
    eq(alerts.userId, userId),
    gte(alerts.createdAt, sql`now() - make_interval(days => ${ALERT_WINDOW_DAYS})`),
  );

async function unreadCount(db: Db, userId: UserId): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(inWindow(userId), isNull(alerts.readAt)));
  return row?.n ?? 0;
}

export function createAlertsService(deps: { db: Db }) {
  const { db } = deps;

  /** Marks one of the player's alerts (or, with null, all) as read; answers the count left, told to every tab. */
  const markRead = (userId: UserId, alertId: string | null): Promise<AlertReadResponse> =>
    db.transaction(async (tx) => {
      if (alertId !== null) {
        const [own] = await tx
          .select({ id: alerts.id })
          .from(alerts)
          .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)));
        if (!own) throw notFound(alertMessages.notFound);
      }
      await tx
        .update(alerts)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(alerts.userId, userId),
            isNull(alerts.readAt),
            alertId === null ? undefined : eq(alerts.id, alertId),
          ),
        );
      const left = await unreadCount(tx, userId);
      await publishToPlayer(tx, userId, ALERTS_READ_KIND, { unreadCount: left });
      return { unreadCount: left };
    });

  return {
    async list(userId: UserId): Promise<AlertList> {
      const [rows, unread] = await Promise.all([
        db
          .select()
          .from(alerts)
          .where(inWindow(userId))
          .orderBy(desc(alerts.createdAt), desc(alerts.id))
          .limit(ALERT_WINDOW_COUNT),
        unreadCount(db, userId),
      ]);
      return {
        alerts: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          data: r.data,
          link: r.link,
          createdAt: r.createdAt.toISOString(),
          readAt: r.readAt?.toISOString() ?? null,
        })),
        unreadCount: unread,
      };
    },
    markRead: (userId: UserId, alertId: string) => markRead(userId, alertId),
    markAllRead: (userId: UserId) => markRead(userId, null),
  };
}
