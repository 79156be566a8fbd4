// The one way an alert is raised: it is stored in each player's inbox in the caller's transaction and goes out
// on the player's `me` channel after the commit (a rolled-back step neither keeps nor announces it). Every alert
// kind of the contract's player-alerts.ts goes through here, so each is kept by construction. Each raise prunes
// the inbox of the players it wrote to back to the window (30 days, the newest 200), and queues a push for the
// players who are away (features/push/queue.ts).
import { ALERT_WINDOW_COUNT, ALERT_WINDOW_DAYS, alertText, type PlayerAlertKind } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { alerts } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { publishAll } from "../../platform/live/publish";
import { queuePushes } from "../push/queue";

export type RaisedAlert = { userId: UserId; kind: PlayerAlertKind; data: Record<string, unknown> };

export async function raiseAlerts(tx: Db, raised: readonly RaisedAlert[]): Promise<void> {
  if (raised.length === 0) return;
  await tx.insert(alerts).values(
    raised.map((a) => ({
      userId: a.userId,
      kind: a.kind,
      data: a.data,
      link: alertText(a.kind, a.data)?.action?.to ?? null,
      // One statement's rows keep their order (now() would give them all the transaction's start).
      createdAt: sql`clock_timestamp()`,
    })),
  );
  await pruneInboxes(tx, [...new Set(raised.map((a) => a.userId))]);
  await queuePushes(tx, raised);
  await publishAll(
    tx,
    raised.map((a) => ({ channel: "me", kind: a.kind, userId: a.userId, data: a.data })),
  );
}

async function pruneInboxes(tx: Db, userIds: readonly UserId[]): Promise<void> {
  await tx.execute(sql`
    delete from alerts where id in (
      select id from (
        select id, created_at,
               row_number() over (partition by user_id order by created_at desc, id desc) as newest
        from alerts
        where user_id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      ) kept
      where newest > ${ALERT_WINDOW_COUNT}
         or created_at < now() - make_interval(days => ${ALERT_WINDOW_DAYS})
    )`);
}
