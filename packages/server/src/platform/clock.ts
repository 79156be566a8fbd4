// Time is an input: every deadline decision (a registration's end, a round, a guild war's phase, energy, the
// cash-out queue, chat pace, the `serverTime` a countdown starts from) reads the clock passed in, never the
// process's own. Tests pass a manual clock (test/helpers.ts `testClock`); a real run gets `databaseClock`.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "./db/database";

export type Clock = { now(): Date };

/** The process's own time: only for code that has no database (and tests that want real time). */
export const systemClock: Clock = { now: () => new Date() };

/** One reading of the database's clock: local time when the query left, the database's time, local time back. */
export type ClockSample = { sentAt: number; databaseMs: number; receivedAt: number };

/**
 * The database's clock minus ours. The database read its clock somewhere inside the round trip; assuming the
 * middle (half the round trip each way) leaves an error of at most half a round trip, so the sample with the
 * shortest round trip is the one believed.
 */
export function skewOf(samples: readonly ClockSample[]): { skewMs: number; roundTripMs: number } {
  let best: { skewMs: number; roundTripMs: number } | null = null;
  for (const s of samples) {
    const roundTripMs = s.receivedAt - s.sentAt;
    if (best && roundTripMs >= best.roundTripMs) continue;
    best = { skewMs: s.databaseMs - (s.sentAt + roundTripMs / 2), roundTripMs };
  }
  if (!best) throw new Error("clock: no sample to measure the skew from");
  return best;
}

/** What the database clock asks of the database (a fake one in the unit tests). */
export type ClockSource = {
  /** The database's current time in epoch milliseconds (`clock_timestamp()`, not the transaction's `now()`). */
  readMs(): Promise<number>;
  /** The shared test-clock offset; 0 when none was ever set. */
  readOffsetMs(): Promise<number>;
  /** Adds `ms` to the shared offset in one statement (atomic across processes); the new total. */
  addOffsetMs(ms: number): Promise<number>;
};

/** The admin_settings row holding the test clock's offset, shared by every process on the database. */
export const TEST_CLOCK_OFFSET_KEY = "test_clock_offset_ms";

export function databaseClockSource(db: Db): ClockSource {
  const offsetOf = (result: unknown) => Number(rowsOf<{ ms: number | string }>(result)[0]?.ms ?? 0);
  return {
    async readMs() {
      const result = await db.execute(
        sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`,
      );
      return Number(rowsOf<{ ms: number | string }>(result)[0]!.ms);
    },
    async readOffsetMs() {
      return offsetOf(
        await db.execute(sql`
          select (value #>> '{}')::bigint as ms from admin_settings where key = ${TEST_CLOCK_OFFSET_KEY}`),
      );
    },
    async addOffsetMs(ms) {
      return offsetOf(
        await db.execute(sql`
          insert into admin_settings (key, value) values (${TEST_CLOCK_OFFSET_KEY}, to_jsonb(${ms}::bigint))
          on conflict (key) do update
            set value = to_jsonb((admin_settings.value #>> '{}')::bigint + ${ms}::bigint), updated_at = now()
          returning (value #>> '{}')::bigint as ms`),
      );
    },
  };
}

/** The control TEST_CLOCK=on adds: the offset, and moving it forward for every process on the database. */
export type TestClockControl = {
  offsetMs(): number;
  /** Moves the shared offset forward by `ms`; this process sees the new time at once. */
  advance(ms: number): Promise<{ now: Date; offsetMs: number }>;
};

export type DatabaseClock = Clock & {
  /** Measures the skew (and reads the test offset) before anything is decided, then refreshes periodically. */
  start(): Promise<void>;
  /** One more measurement; a failed one keeps the last skew (logged). */
  refresh(): Promise<void>;
  /** Stops the refreshes and waits for one in flight, so the database can close after it. */
  stop(): Promise<void>;
  skewMs(): number;
  /** Present only under TEST_CLOCK=on. */
  testClock: TestClockControl | null;
};

type WarnLog = { warn(obj: unknown, msg?: string): void };

/** Between two measurements of the skew. Under the test clock, also how soon another process's advance is seen. */
export const SKEW_REFRESH_MS = 30_000;
export const TEST_CLOCK_REFRESH_MS = 1_000;
/** Readings per measurement; the one with the shortest round trip wins (a busy pool delays some). */
const SAMPLES = 3;

/**
 * The database's time as seen from this process: `Date.now() + skew (+ the test offset)`, with the skew measured
 * against the database's clock at start (before the server listens) and again every 30 s.
 *
 * Why not ask the database on every decision: `now()` stays synchronous for its hundred callers and costs no
 * extra round trip per request, while every process on one database still agrees on the time within a round
 * trip (the skew's error is at most half of one), however far apart their own clocks are. On PGlite the
 * database shares our clock, so the skew is ~0, but the same code runs.
 */
export function createDatabaseClock(deps: {
  source: ClockSource;
  testClock: boolean;
  log: WarnLog;
  /** The process's clock; a fake one in tests. */
  localNow?: () => number;
  refreshMs?: number;
}): DatabaseClock {
  const { source, log } = deps;
  const localNow = deps.localNow ?? Date.now;
  const refreshMs = deps.refreshMs ?? (deps.testClock ? TEST_CLOCK_REFRESH_MS : SKEW_REFRESH_MS);
  let skew = 0;
  let offset = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let refreshing: Promise<void> | null = null;

  async function measure(): Promise<void> {
    const samples: ClockSample[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const sentAt = localNow();
      const databaseMs = await source.readMs();
      samples.push({ sentAt, databaseMs, receivedAt: localNow() });
    }
    skew = skewOf(samples).skewMs;
    // The offset only moves forward: a read that raced this process's own advance must not take it back.
    if (deps.testClock) offset = Math.max(offset, await source.readOffsetMs());
  }

  function refresh(): Promise<void> {
    refreshing ??= measure()
      .catch((error: unknown) => log.warn({ err: error }, "clock: skew refresh failed, keeping the last one"))
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  return {
    now: () => new Date(localNow() + skew + offset),
    async start() {
      await measure();
      if (timer) return;
      timer = setInterval(() => void refresh(), refreshMs);
      timer.unref?.();
    },
    refresh,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await refreshing;
    },
    skewMs: () => skew,
    testClock: deps.testClock
      ? {
          offsetMs: () => offset,
          async advance(ms) {
            offset = Math.max(offset, await source.addOffsetMs(ms));
            return { now: new Date(localNow() + skew + offset), offsetMs: offset };
          },
        }
      : null,
  };
}
