// NOTIFY statements, for the two buses that ride on the database (pglite-bus.ts, postgres-bus.ts).
import { sql } from "drizzle-orm";
import type { Db } from "../db/database";

export const LIVE_NOTIFY_CHANNEL = "bot_arena_live";

/** NOTIFY payloads per statement: a few hundred kilobytes at most. */
const NOTIFIES_PER_STATEMENT = 100;

/** Sends payloads now, in order, a hundred per statement; answers how many statements it took. */
export async function notifyNow(db: Pick<Db, "execute">, payloads: readonly string[]): Promise<number> {
  let statements = 0;
  for (let i = 0; i < payloads.length; i += NOTIFIES_PER_STATEMENT) {
    const notifies = payloads
      .slice(i, i + NOTIFIES_PER_STATEMENT)
      .map((payload) => sql`pg_notify(${LIVE_NOTIFY_CHANNEL}, ${payload})`);
    await db.execute(sql`select ${sql.join(notifies, sql`, `)}`);
    statements += 1;
  }
  return statements;
}
