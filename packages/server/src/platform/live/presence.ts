// Who has a live socket, across every process: each process keeps one row per player it holds a socket of
// (`live_presence`), written when the player's first socket here opens, removed when the last closes, and renewed
// on the hub's keep-alive. A row counts until `expires_at` (three keep-alives), so the rows of a process that died
// stop counting on their own. Web Push asks it: a player with a row is not away (features/push).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/database";
import type { UserId } from "../ids";

export type Presence = {
  arrived(userId: UserId): void;
  left(userId: UserId): void;
  /** Renews this process's rows (the hub's keep-alive). */
  renew(): void;
  /** Removes this process's rows (shutdown); waits for the writes before it. */
  close(): Promise<void>;
  /** Resolves once every write asked for so far is done (tests). */
  settled(): Promise<void>;
};

type Log = { warn(obj: unknown, msg?: string): void };

export function createPresence(deps: { db: Db; ttlMs: number; log: Log }): Presence {
  const node = randomUUID();
  const ttl = sql`make_interval(secs => ${deps.ttlMs / 1000})`;
  // One write after another, so a quick open and close never land in the wrong order.
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  const write = (statement: ReturnType<typeof sql>) => {
    if (closed) return;
    chain = chain
      .then(async () => {
        await deps.db.execute(statement);
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, "live: presence not written"));
  };
  return {
    arrived: (userId) =>
      write(sql`insert into live_presence (node, user_id, expires_at) values (${node}, ${userId}, now() + ${ttl})
        on conflict (node, user_id) do update set expires_at = excluded.expires_at`),
    left: (userId) => write(sql`delete from live_presence where node = ${node} and user_id = ${userId}`),
    renew: () => write(sql`update live_presence set expires_at = now() + ${ttl} where node = ${node}`),
    async close() {
      write(sql`delete from live_presence where node = ${node}`);
      closed = true;
      await chain;
    },
    settled: () => chain,
  };
}

/** Whether the named player has a live socket on any process (the test clock's barrier, features/system). */
export async function isPresentByName(db: Db, username: string): Promise<boolean> {
  const [row] = rowsOf<{ live: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from live_presence p join profiles u on u.id = p.user_id
        where lower(u.username) = lower(${username}) and p.expires_at > now()) as live`),
  );
  return row?.live === true;
}
