// Fixed-window hit counters for rate limits. On PostgreSQL the counters live in one small table, so every
// server process on that database counts the same hits; PGlite belongs to one process, so memory does. With
// LIVE_BUS_URL they live in Redis (redis-store.ts), and these are its fallback.
import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/database";
import { rowsOf } from "../db/database";
import { batchedRateCounter, type RateCounter } from "./batched-store";
import { redisLimitStores } from "./redis-store";

export type Hit = {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
};

export type LimitStore = {
  /** Counts `cost` hits (default 1) on `key` in a window of `windowMs` that starts at the key's first hit. */
  hit(key: string, windowMs: number, cost?: number): Promise<Hit>;
  /** The key's current window without counting a hit; null when it has none. */
  peek(key: string): Promise<Hit | null>;
  /** Forgets the key (a success that clears earlier failures). */
  reset(key: string): Promise<void>;
};

/** Forget expired keys once this many are held, so a spray of made-up keys cannot grow the map for long. */
const SWEEP_AT = 10_000;

export function memoryLimitStore(now: () => number = Date.now): LimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  };
  return {
    async hit(key, windowMs, cost = 1) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        if (windows.size >= SWEEP_AT) sweep(at);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += cost;
      return { count: window.count, resetInMs: window.resetAt - at };
    },
    async peek(key) {
      const at = now();
      const window = windows.get(key);
      return window && window.resetAt > at ? { count: window.count, resetInMs: window.resetAt - at } : null;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** Expired rows are deleted every this many hits of one process. */
const DELETE_EXPIRED_EVERY = 1_000;

/**
 * The counters' table: UNLOGGED (a crash may forget them: they are worth seconds), created on first use under
 * an advisory lock so processes starting together do not race on it. Returns the function that awaits it.
 */
function rateLimitTable(db: Db): () => Promise<void> {
  let ready: Promise<void> | null = null;
  return () => {
    ready ??= db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rate_limit_hits'))`);
        await tx.execute(sql`create unlogged table if not exists rate_limit_hits (
          key text primary key,
          hits integer not null,
          reset_at timestamptz not null
        )`);
      })
      .catch((error) => {
        ready = null;
        throw error;
      });
    return ready;
  };
}

/** Counters in PostgreSQL, shared by every process on the database: one statement per hit. */
export function postgresLimitStore(db: Db, ensureTable = rateLimitTable(db)): LimitStore {
  let hits = 0;
  const upsert = (key: string, windowMs: number, cost: number) => {
    hits += 1;
    if (hits % DELETE_EXPIRED_EVERY === 0) {
      db.execute(sql`delete from rate_limit_hits where reset_at < clock_timestamp()`).catch(() => {});
    }
    return sql`
        insert into rate_limit_hits as r (key, hits, reset_at)
        values (${key}::text, ${cost}::integer, clock_timestamp() + make_interval(secs => ${windowMs / 1000}::float8))
        on conflict (key) do update set
          hits = case when r.reset_at <= clock_timestamp() then excluded.hits else r.hits + excluded.hits end,
          reset_at = case when r.reset_at <= clock_timestamp() then excluded.reset_at else r.reset_at end
        returning hits, greatest(0, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000))::bigint as reset_in_ms`;
  };
  return {
    async hit(key, windowMs, cost = 1) {
      await ensureTable();
      const result = await db.execute(upsert(key, windowMs, cost));
      const row = rowsOf<{ hits: number; reset_in_ms: number }>(result)[0]!;
      return { count: Number(row.hits), resetInMs: Number(row.reset_in_ms) };
    },
    async peek(key) {
      await ensureTable();
      const result = await db.execute(sql`
        select hits, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000)::bigint as reset_in_ms
        from rate_limit_hits where key = ${key} and reset_at > clock_timestamp()`);
      const row = rowsOf<{ hits: number; reset_in_ms: number }>(result)[0];
      return row ? { count: Number(row.hits), resetInMs: Number(row.reset_in_ms) } : null;
    },
    async reset(key) {
      await ensureTable();
      await db.execute(sql`delete from rate_limit_hits where key = ${key}`);
    },
  };
}

/** How often a process adds its players' counted requests to the shared table (batched-store.ts). */
export const PLAYER_RATE_FLUSH_MS = 100;

/**
 * The stores of a database: `store` counts exactly (sign-in, sign-up, password guessing); `playerRate`, hit
 * by every signed-in request, may lag by a flush across processes. PGlite belongs to one process: memory. With
 * LIVE_BUS_URL both count in Redis, exactly, and fall back to these while it is down (redis-store.ts).
 */
export function limitStoresFor(database: Pick<Database, "driver" | "db" | "redis">): {
  store: LimitStore;
  playerRate: RateCounter;
} {
  const own = databaseLimitStores(database);
  return database.redis ? redisLimitStores(database.redis, own) : own;
}

function databaseLimitStores(database: Pick<Database, "driver" | "db">): {
  store: LimitStore;
  playerRate: RateCounter;
} {
  if (database.driver !== "postgres") {
    const store = memoryLimitStore();
    return { store, playerRate: { hit: store.hit, flush: async () => {}, stop: async () => {} } };
  }
  const ensureTable = rateLimitTable(database.db);
  return {
    store: postgresLimitStore(database.db, ensureTable),
    playerRate: batchedRateCounter(database.db, ensureTable, { flushMs: PLAYER_RATE_FLUSH_MS }),
  };
}
