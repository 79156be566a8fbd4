// Sends what push_pending holds, advanced by the event runner (never a timer of its own). A new row is due at
// once; its first step sets the deadline (PUSH_DELAY_SECONDS on the runner's clock, which tests move), so the
// alerts of one kind that come meanwhile join it. Its second step deletes it and, if the player is still away
// and still wants the kind, sends one notification per subscription after the commit (a follow-up: a push
// service's answer never holds a transaction). A notification lost to a failing push service is not sent again:
// the alerts stay in the inbox. A 404 or 410 means the browser dropped the subscription: it is removed.
import { type PlayerAlertKind, type PushPayload, stackedAlertText } from "@bot-arena/contract";
import { and, eq, gt, sql } from "drizzle-orm";
// web-push is CommonJS: node gives its exports only as the default one.
import webPush from "web-push";
import type { Db, Tx } from "../../platform/db/database";
import { livePresence, pushMutedKinds, pushPending, pushSubscriptions } from "../../platform/db/schema";
import type { Reconciler } from "../../platform/reconciler";
import type { VapidKeys } from "./keys";

type Log = { warn(obj: unknown, msg?: string): void };

/** How long a push service may keep a notification for a browser that is offline. */
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

type Subscription = { endpoint: string; p256dh: string; auth: string };

async function sendOne(
  db: Db,
  keys: VapidKeys,
  subscription: Subscription,
  payload: PushPayload,
  log: Log,
): Promise<void> {
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: keys, TTL: TTL_SECONDS, contentEncoding: "aes128gcm" },
  );
  // Sent by fetch rather than web-push's own https request: the same bytes, a timeout, and no redirect followed
  // (a push service never redirects; following one would let an endpoint send the server elsewhere).
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body,
    redirect: "manual",
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) {
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.endpoint, subscription.endpoint),
          eq(pushSubscriptions.auth, subscription.auth),
        ),
      );
  } else if (response.status >= 300) {
    log.warn({ status: response.status, host: new URL(subscription.endpoint).host }, "push: not accepted");
  }
}

export function registerPushSender(
  reconciler: Reconciler,
  deps: { db: Db; delaySeconds: number; keys: () => Promise<VapidKeys>; log: Log },
): void {
  async function advance(tx: Tx, id: string, now: Date) {
    const [row] = await tx
      .select()
      .from(pushPending)
      .where(eq(pushPending.id, Number(id)));
    if (!row) return;
    if (!row.scheduled) {
      await tx
        .update(pushPending)
        .set({ scheduled: true, dueAt: new Date(now.getTime() + deps.delaySeconds * 1000) })
        .where(eq(pushPending.id, row.id));
      return;
    }
    await tx.delete(pushPending).where(eq(pushPending.id, row.id));
    const [present] = await tx
      .select({ node: livePresence.node })
      .from(livePresence)
      .where(and(eq(livePresence.userId, row.userId), gt(livePresence.expiresAt, sql`now()`)))
      .limit(1);
    const [muted] = await tx
      .select({ kind: pushMutedKinds.kind })
      .from(pushMutedKinds)
      .where(and(eq(pushMutedKinds.userId, row.userId), eq(pushMutedKinds.kind, row.kind)));
    if (present || muted) return;
    const subscriptions = await tx
      .select({
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row.userId));
    if (subscriptions.length === 0) return;
    const payload: PushPayload = {
      ...stackedAlertText(row.kind as PlayerAlertKind, row.count, row.lastData),
      kind: row.kind,
      count: row.count,
    };
    return async () => {
      const keys = await deps.keys();
      await Promise.all(
        subscriptions.map((s) =>
          sendOne(deps.db, keys, s, payload, deps.log).catch((error: unknown) =>
            deps.log.warn({ err: error, host: new URL(s.endpoint).host }, "push: not sent"),
          ),
        ),
      );
    };
  }

  reconciler.register({
    name: "push",
    table: "push_pending",
    dueColumn: "due_at",
    advance,
    maxFollowUps: 50,
  });
}
