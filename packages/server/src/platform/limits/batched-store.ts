// The per-player rate on PostgreSQL without a database write per request. Each process counts its players' hits
// in memory and adds them to the shared table (the same rate_limit_hits as store.ts) every `flushMs` in one
// statement, reading back every process's total. A player's count is the shared total as of the last flush
// plus this process's hits since, so what other processes counted reaches this one at most a flush or two
// late: at 300 requests a minute, a handful of requests. Sign-in and sign-up keep store.ts's exact count.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/database";
import type { Hit } from "./store";

/** Counts hits like a LimitStore, for the one limit that may lag by a flush. */
export type RateCounter = {
  /** Counts `cost` hits (default 1): an expensive request counts as several. */
  hit(key: string, windowMs: number, cost?: number): Promise<Hit>;
  /** Adds what is still counted only here to the shared table (at once). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush; later hits are still counted in memory. */
  stop(): Promise<void>;
};

type Window = { windowMs: number; resetAt: number; shared: number; pending: number };

/** Forget expired windows once this many are held. */
const SWEEP_AT = 10_000;
/** Expired rows of the shared table are deleted every this many flushes of one process. */
const DELETE_EXPIRED_EVERY = 100;

export function batchedRateCounter(
  db: Db,
  ensureTable: () => Promise<void>,
  options: { flushMs: number; now?: () => number },
): RateCounter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let flushes = 0;
  let stopped = false;

  async function write() {
    const batch = [...windows].filter(([, w]) => w.pending > 0);
    if (batch.length === 0) return;
    const sent = batch.map(([key, w]) => ({ key, window: w, adds: w.pending }));
    const rows = JSON.stringify(
      sent.map((s) => ({ key: s.key, adds: s.adds, window_ms: s.window.windowMs })),
    );
    await ensureTable();
    const result = await db.execute(sql`
      insert into rate_limit_hits as r (key, hits, reset_at)
      select k.key, k.adds, clock_timestamp() + make_interval(secs => k.window_ms / 1000.0)
      from json_to_recordset(${rows}::json) as k (key text, adds integer, window_ms float8)
      on conflict (key) do update set
        hits = case when r.reset_at <= clock_timestamp() then excluded.hits else r.hits + excluded.hits end,
        reset_at = case when r.reset_at <= clock_timestamp() then excluded.reset_at else r.reset_at end
      returning key, hits, greatest(0, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000))::bigint as reset_in_ms`);
    const at = now();
    const answers = new Map(
      rowsOf<{ key: string; hits: number; reset_in_ms: number | string }>(result).map((r) => [r.key, r]),
    );
    for (const { key, window, adds } of sent) {
      const answer = answers.get(key);
      // A window that ended here while the batch was on its way starts afresh; the sent hits stay counted.
      if (!answer || windows.get(key) !== window) continue;
      window.pending -= adds;
      window.shared = Number(answer.hits);
      window.resetAt = at + Number(answer.reset_in_ms);
    }
    flushes += 1;
    if (flushes % DELETE_EXPIRED_EVERY === 0) {
      await db.execute(sql`delete from rate_limit_hits where reset_at < clock_timestamp()`);
    }
  }

  function flush(): Promise<void> {
    // One flush at a time, so an answer never overtakes a later one.
    flushing = flushing.then(write).catch(() => {
      // The hits stay pending and go with the next flush; a limit may lag a little longer meanwhile.
    });
    return flushing;
  }

  function schedule() {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, options.flushMs);
    timer.unref();
  }

  return {
    async hit(key, windowMs, cost = 1) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (windows.size >= SWEEP_AT) {
          for (const [k, w] of windows) if (w.resetAt <= at && w.pending === 0) windows.delete(k);
        }
        window = { windowMs, resetAt: at + windowMs, shared: 0, pending: 0 };
        windows.set(key, window);
      }
      window.pending += cost;
      schedule();
      return { count: window.shared + window.pending, resetInMs: window.resetAt - at };
    },
    flush,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}
