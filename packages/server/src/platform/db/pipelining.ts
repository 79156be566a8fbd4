// The pool's connections pipeline (pg's `pipeline: true`: each query is written at once instead of after the
// previous answer). Two helpers make transactions use that:
// - A transaction's BEGIN cannot fail on a working connection and answers nothing the caller uses, yet Drizzle
//   awaits it: a full round trip (and a turn of the event loop on a busy process) before the first real
//   statement is even built. BEGIN is answered here and left on the wire, with the next statement behind it.
//   Should BEGIN fail after all, the connection is broken and the statement behind it fails with it, so the
//   transaction still fails as a whole.
// - The statements started in one tick (a flight, platform/db/flight.ts) leave in one socket write.
import type { Writable } from "node:stream";
import type pg from "pg";

type QueryConfig = { text?: unknown };

/** Statements that open a transaction or a savepoint and return nothing the caller reads. */
const OPENS = /^(begin|start transaction|savepoint)\b/i;

const answered = (command: string) =>
  Promise.resolve({ command, rowCount: null, oid: 0, rows: [], fields: [] } as unknown as pg.QueryResult);

export function beginWithoutWaiting(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const text = typeof config === "string" ? config : (config as QueryConfig | null)?.text;
    const params = values ?? (config as { values?: unknown[] } | null)?.values;
    const opens =
      typeof text === "string" &&
      OPENS.test(text) &&
      !(Array.isArray(params) && params.length > 0) &&
      callback === undefined;
    if (!opens) return query(config, values, callback);
    // Its failure shows in the statement behind it; unobserved here, it must not crash the process.
    (query(config, values) as Promise<unknown>).catch(() => {});
    return answered(text.split(/\s/, 1)[0]?.toUpperCase() ?? "BEGIN");
  }) as typeof client.query;
}

/**
 * Holds a connection's socket writes until the end of the current tick, so the statements a flight starts
 * together (platform/db/flight.ts), BEGIN included, leave in one write instead of one each. On this kind of
 * machine every write to PostgreSQL's socket costs a system call and a wake-up of the backend: the writes were
 * the largest item in a server's profile.
 */
export function writeOncePerTick(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let held = false;
  client.query = ((...args: unknown[]) => {
    const stream = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
    if (stream && !held) {
      held = true;
      stream.cork();
      process.nextTick(() => {
        held = false;
        stream.uncork();
      });
    }
    return query(...args);
  }) as typeof client.query;
}
