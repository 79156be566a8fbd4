// Several live events in one round trip (one SELECT of pg_notify calls), delivered on commit like publish():
// a purchase announces three, and on a busy market every round trip inside the transaction counts.
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { encodeEnvelope, LIVE_NOTIFY_CHANNEL, type LiveEvent } from "../../platform/live/publish";

export async function publishAll(db: Db, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = Date.now();
  const notifies = events.map(
    (event) => sql`pg_notify(${LIVE_NOTIFY_CHANNEL}, ${encodeEnvelope(event, at)})`,
  );
  await db.execute(sql`select ${sql.join(notifies, sql`, `)}`);
}
