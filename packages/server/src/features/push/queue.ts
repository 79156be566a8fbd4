// Alerts for players who are away wait here to go out by push: one row per player and kind, counting the alerts
// since the last notification, so a burst becomes one notification ('You were attacked 3 times'). Called by
// raiseAlerts in the raising transaction (a rolled-back step queues nothing), one statement for every alert of it.
// A player is away when none of their sockets is open on any process (live_presence), has a subscription, and has
// not turned the kind off.
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";

export type QueuedAlert = { userId: UserId; kind: string; data: Record<string, unknown> };

export async function queuePushes(tx: Db, raised: readonly QueuedAlert[]): Promise<void> {
  if (raised.length === 0) return;
  const rows = JSON.stringify(raised.map((a, n) => ({ user_id: a.userId, kind: a.kind, data: a.data, n })));
  // Grouped first: one statement may not update the same pending row twice.
  await tx.execute(sql`
    insert into push_pending (user_id, kind, count, last_data)
    select r.user_id, r.kind, count(*)::int, (array_agg(r.data order by r.n desc))[1]
    from jsonb_to_recordset(${rows}::jsonb) as r(user_id uuid, kind text, data jsonb, n int)
    where exists (select 1 from push_subscriptions s where s.user_id = r.user_id)
      and not exists (select 1 from push_muted_kinds m where m.user_id = r.user_id and m.kind = r.kind)
      and not exists (select 1 from live_presence p where p.user_id = r.user_id and p.expires_at > now())
    group by r.user_id, r.kind
    on conflict (user_id, kind) do update
      set count = push_pending.count + excluded.count, last_data = excluded.last_data`);
}
