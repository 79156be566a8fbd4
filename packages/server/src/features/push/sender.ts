// Sends what push_pending holds, advanced by the event runner (never a timer of its own). A new row is due at
// once; its first step sets the deadline (PUSH_DELAY_SECONDS on the runner's clock, which tests move), so the
// alerts that come meanwhile join it: of its kind in the row, of other kinds in their own rows. Its second step
// deletes every row of the player and, if the player is still away, sends one notification for the kinds they
// still want (a player back after an hour is told once, not once per kind), one per subscription after the
// commit (a follow-up: a push service's answer never holds a transaction). A notification lost to a failing push service is not sent again:
// the alerts stay in the inbox. A 404 or 410 means the browser dropped the subscription: it is removed.
import {
  type AlertStack,
  awayNotificationText,
  isPlayerAlertKind,
  type PlayerAlertKind,
  type PushPayload,
} from "@bot-arena/contract";
import { and, eq, gt, sql } from "drizzle-orm";
// web-push is CommonJS: node gives its exports only as the default one.
import webPush from "web-push";
import { type Db, rowsOf, type Tx } from "../../platform/db/database";
import { livePresence, pushMutedKinds, pushPending, pushSubscriptions } from "../../platform/db/schema";
import type { Reconciler } from "../../platform/reconciler";
import { deliver } from "./delivery";
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
  testEndpoints: boolean,
): Promise<void> {
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    { vapidDetails: keys, TTL: TTL_SECONDS, contentEncoding: "aes128gcm" },
  );
  // Sent by our own request rather than web-push's: the same bytes, a timeout, no redirect followed, and the
  // address connected to checked (delivery.ts).
  const status = await deliver(
    {
      endpoint: details.endpoint,
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body as Buffer,
    },
    { testEndpoints, timeoutMs: SEND_TIMEOUT_MS },
  );
  if (status === 404 || status === 410) {
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.endpoint, subscription.endpoint),
          eq(pushSubscriptions.auth, subscription.auth),
        ),
      );
  } else if (status >= 300) {
    log.warn({ status, host: new URL(subscription.endpoint).host }, "push: not accepted");
  }
}

export function registerPushSender(
  reconciler: Reconciler,
  deps: {
    db: Db;
    delaySeconds: number;
    keys: () => Promise<VapidKeys>;
    log: Log;
    /** PUSH_TEST_ENDPOINTS=on: the local fake push service may be posted to (its address is not checked). */
    testEndpoints: boolean;
  },
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
    // Every kind waiting for the player goes in this one notification, scheduled or not. A row another process
    // holds right now (its first step) is skipped rather than waited for: it goes out on its own.
    const waiting = rowsOf<{ id: string; kind: string; count: number; last_data: Record<string, unknown> }>(
      await tx.execute(sql`
        delete from push_pending where id in (
          select id from push_pending where user_id = ${row.userId} for update skip locked)
        returning id, kind, count, last_data`),
    ).sort((x, y) => Number(x.id) - Number(y.id));
    const [present] = await tx
      .select({ node: livePresence.node })
      .from(livePresence)
      .where(and(eq(livePresence.userId, row.userId), gt(livePresence.expiresAt, sql`now()`)))
      .limit(1);
    if (present) return;
    const muted = await tx
      .select({ kind: pushMutedKinds.kind })
      .from(pushMutedKinds)
      .where(eq(pushMutedKinds.userId, row.userId));
    const off = new Set(muted.map((m) => m.kind));
    const stacks: AlertStack[] = waiting
      .filter((w) => isPlayerAlertKind(w.kind) && !off.has(w.kind))
      .map((w) => ({ kind: w.kind as PlayerAlertKind, count: w.count, data: w.last_data }));
    if (stacks.length === 0) return;
    const subscriptions = await tx
      .select({
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, row.userId));
    if (subscriptions.length === 0) return;
    const payload: PushPayload = awayNotificationText(stacks);
    return async () => {
      const keys = await deps.keys();
      await Promise.all(
        subscriptions.map((s) =>
          sendOne(deps.db, keys, s, payload, deps.log, deps.testEndpoints).catch((error: unknown) =>
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
