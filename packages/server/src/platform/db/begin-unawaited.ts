// A transaction's BEGIN cannot fail on a working connection and answers nothing the caller uses, yet Drizzle
// awaits it: a full round trip (and a turn of the event loop on a busy process) before the first real statement
// is even built. On a pipelining client (pg's `pipeline: true`, which writes each query at once instead of
// waiting for the previous answer) BEGIN can be answered here and left on the wire: the next statement follows
// it in the same flight. Should BEGIN fail after all, the connection is broken and the statement behind it
// fails with it, so the transaction still fails as a whole.
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
