// How long the oldest request waiting for a pool connection has waited: the pool's own figures give only how
// many wait, and a count says nothing of time (ten waiters behind quick queries is no queue; ten behind a slow
// one is). The load shedder reads it on every request (platform/load-shed.ts), so it must cost nothing: the
// waits are a set in arrival order, and the oldest is its first entry.
import type pg from "pg";

type Wait = { since: number };

/** Wraps `pool.connect` (which `pool.query` calls too) to note when each wait began and ended. */
export function timeConnectionWaits(pool: pg.Pool): () => number {
  const waits = new Set<Wait>();
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  // Both of pg's forms: a promise, or the callback pool.query passes.
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    const wait = { since: performance.now() };
    waits.add(wait);
    if (callback) {
      return connect((error, client, done) => {
        waits.delete(wait);
        callback(error, client, done);
      });
    }
    return connect()!.finally(() => waits.delete(wait));
  }) as typeof pool.connect;
  return () => {
    for (const oldest of waits) return performance.now() - oldest.since;
    return 0;
  };
}
