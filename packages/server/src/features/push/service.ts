// A player's push subscriptions and preferences. A subscription belongs to the session that made it, so signing
// out removes it (the foreign key cascades); an endpoint another session held moves to this one, since the browser
// holding it is the one subscribing now. Another player's endpoint answers as a missing one.
import {
  authMessages,
  type PlayerAlertKind,
  PUSH_SUBSCRIPTIONS_PER_PLAYER,
  type PushPreferences,
  type PushSubscribeBody,
  playerAlertKinds,
  pushMessages,
} from "@bot-arena/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PushConfig } from "../../platform/config";
import { type Db, rowsOf } from "../../platform/db/database";
import { pushMutedKinds, pushSubscriptions } from "../../platform/db/schema";
import { AppError, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { checkEndpoint } from "./endpoint";
import type { VapidKeys } from "./keys";

export type PushService = ReturnType<typeof createPushService>;

const KINDS = Object.values(playerAlertKinds);

export function createPushService(deps: { db: Db; push: PushConfig; keys: () => Promise<VapidKeys> }) {
  const { db } = deps;

  async function preferences(tx: Db, userId: UserId): Promise<PushPreferences> {
    const muted = await tx
      .select({ kind: pushMutedKinds.kind })
      .from(pushMutedKinds)
      .where(eq(pushMutedKinds.userId, userId));
    const off = new Set(muted.map((m) => m.kind));
    return {
      kinds: Object.fromEntries(KINDS.map((k) => [k, !off.has(k)])) as PushPreferences["kinds"],
    };
  }

  return {
    publicKey: async () => ({ publicKey: (await deps.keys()).publicKey }),

    async subscribe(user: { id: UserId; sessionId: string }, body: PushSubscribeBody) {
      checkEndpoint(body.endpoint, deps.push.testEndpoints);
      return db.transaction(async (tx) => {
        // From the session's row, so a session that just ended subscribes nothing.
        const kept = await tx.execute(sql`
          insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth)
          select s.user_id, s.id, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth}
          from sessions s where s.id = ${user.sessionId} and s.user_id = ${user.id}
          on conflict (endpoint) do update set user_id = excluded.user_id, session_id = excluded.session_id,
            p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
          returning id`);
        if (rowsOf(kept).length === 0) {
          throw new AppError(401, "NOT_AUTHENTICATED", authMessages.notAuthenticated);
        }
        await tx.execute(sql`
          delete from push_subscriptions where user_id = ${user.id} and id not in (
            select id from push_subscriptions where user_id = ${user.id}
            order by created_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_PER_PLAYER})`);
        return { subscribed: true };
      });
    },

    async unsubscribe(userId: UserId, endpoint: string) {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) throw notFound(pushMessages.notFound);
      return { subscribed: false };
    },

    preferences: (userId: UserId) => preferences(db, userId),

    setPreferences: (userId: UserId, kinds: Partial<Record<PlayerAlertKind, boolean>>) =>
      db.transaction(async (tx) => {
        const entries = Object.entries(kinds) as [PlayerAlertKind, boolean][];
        const off = entries.filter(([, on]) => !on).map(([k]) => k);
        const on = entries.filter(([, on]) => on).map(([k]) => k);
        if (off.length > 0) {
          await tx
            .insert(pushMutedKinds)
            .values(off.map((kind) => ({ userId, kind })))
            .onConflictDoNothing();
        }
        if (on.length > 0) {
          await tx
            .delete(pushMutedKinds)
            .where(and(eq(pushMutedKinds.userId, userId), inArray(pushMutedKinds.kind, on)));
        }
        return preferences(tx, userId);
      }),
  };
}
