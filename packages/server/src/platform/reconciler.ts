// The deadline reconciler: time is state. A row that must move at a moment (a tournament's registration end,
// the next round, a guild war's battle end) holds that moment in a column; every server process runs this same
// loop, which claims due rows with `FOR UPDATE SKIP LOCKED` and advances each in its own transaction. Two
// processes never advance the same row at once (the second skips the locked row), a crash rolls the advance
// back (the row is still due, the next pass takes it), and the handler's conditional update
// (`UPDATE ... WHERE status = <expected>`) makes a repeated advance a no-op: exactly one advance, one payout.
//
// Usage (a feature registers its handler once, in src/features/index.ts):
//
//   platform.reconciler.register({
//     name: "guild-war",
//     table: "guild_wars",
//     dueColumn: "next_due_at",             // timestamptz, null when nothing is due; index it
//     async advance(tx, id, now) {          // the row is locked FOR UPDATE by this transaction
//       // read the row, check its status, do the step, then move next_due_at forward or set it null
//     },
//   });
//
// An advance must leave the row not due (a later deadline, or null), or it is claimed again on the next pass.
// Tests drive it by hand: `await app.reconciler.runOnce()` after moving a test clock; RECONCILER_INTERVAL_MS=0
// leaves the background loop off.
import { sql } from "drizzle-orm";
import type { Clock } from "./clock";
import { type Db, rowsOf, type Tx } from "./db/database";

export type DueHandler = {
  /** Names the job in logs. */
  name: string;
  /** The table holding the deadline (a plain identifier; it has a uuid or text `id` primary key). */
  table: string;
  /** The timestamptz column with the next deadline; null means nothing is due. */
  dueColumn: string;
  /** Advances one claimed row inside the claiming transaction; `now` is the reconciler's clock. */
  advance(tx: Tx, id: string, now: Date): Promise<void>;
};

export type Reconciler = {
  register(handler: DueHandler): void;
  /** One pass over every handler: claims and advances due rows until none is left; returns how many advanced. */
  runOnce(): Promise<number>;
  /** Starts the background loop (no-op when the interval is 0 or it already runs). */
  start(): void;
  /** Stops the loop and waits for a pass in flight, so the database can close after it. */
  stop(): Promise<void>;
  /** Asks for a pass now rather than at the next tick (after an action set a deadline to now). */
  nudge(): void;
};

type Log = {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
};

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** A pass stops after this many advances so one busy handler cannot hold the loop; the next tick continues. */
const MAX_ADVANCES_PER_PASS = 500;
/** A row whose advance failed waits 1 s, then 2 s, 4 s... up to a minute before this process tries it again. */
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 60_000;

export function createReconciler(deps: { db: Db; clock: Clock; log: Log; intervalMs: number }): Reconciler {
  const { db, clock, log } = deps;
  const handlers: DueHandler[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let inFlight: Promise<number> | null = null;
  let again = false;
  /** Per process: `handler:id` -> failures so far and when to try again (a poison row must not spin the loop). */
  const backoff = new Map<string, { failures: number; retryAt: number }>();

  /** Claims one due row of `handler` (skipping rows other processes hold) and advances it. */
  async function advanceOne(handler: DueHandler, failed: string[]): Promise<"advanced" | "failed" | "none"> {
    const now = clock.now();
    const table = sql.raw(handler.table);
    const due = sql.raw(handler.dueColumn);
    // Rows whose advance failed in this pass, as a quoted text array (ids may be any text, commas included).
    const failedList = `{${failed.map((id) => `"${id.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
    const skip = failed.length ? sql`and id::text <> all(${failedList}::text[])` : sql``;
    let claimed: string | null = null;
    try {
      return await db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          select id::text as id from ${table}
          where ${due} <= ${now.toISOString()}::timestamptz ${skip}
          order by ${due} limit 1 for update skip locked`);
        claimed = rowsOf<{ id: string }>(result)[0]?.id ?? null;
        if (claimed === null) return "none" as const;
        await handler.advance(tx, claimed, now);
        backoff.delete(`${handler.name}:${claimed}`);
        return "advanced" as const;
      });
    } catch (error) {
      if (claimed === null) throw error;
      // The advance rolled back, so the row is still due: a later pass retries it; this pass moves on.
      failed.push(claimed);
      const key = `${handler.name}:${claimed}`;
      const failures = (backoff.get(key)?.failures ?? 0) + 1;
      const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (failures - 1));
      backoff.set(key, { failures, retryAt: clock.now().getTime() + wait });
      log.error({ err: error, handler: handler.name, id: claimed, failures }, "reconciler: advance failed");
      return "failed";
    }
  }

  async function pass(): Promise<number> {
    let advanced = 0;
    const now = clock.now().getTime();
    for (const handler of handlers) {
      // Rows still waiting out their backoff are skipped like the ones failing in this pass.
      const failed: string[] = [];
      for (const [key, entry] of backoff) {
        const [name, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
        if (name === handler.name && entry.retryAt > now) failed.push(id);
      }
      for (let n = 0; n < MAX_ADVANCES_PER_PASS; n++) {
        const outcome = await advanceOne(handler, failed);
        if (outcome === "none") break;
        if (outcome === "advanced") advanced += 1;
      }
    }
    return advanced;
  }

  function runOnce(): Promise<number> {
    // One pass at a time per process: a nudge during a pass asks for another right after it.
    if (inFlight) {
      again = true;
      return inFlight.then(() => runOnce());
    }
    inFlight = pass().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function schedule(ms: number): void {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref?.();
  }

  async function tick(): Promise<void> {
    timer = null;
    again = false;
    try {
      await runOnce();
    } catch (error) {
      log.warn({ err: error }, "reconciler: pass failed");
    }
    schedule(again ? 0 : deps.intervalMs);
  }

  return {
    register(handler) {
      if (!IDENTIFIER.test(handler.table) || !IDENTIFIER.test(handler.dueColumn)) {
        throw new Error(`reconciler: ${handler.name} names an invalid table or column`);
      }
      handlers.push(handler);
    },
    runOnce,
    start() {
      if (running || deps.intervalMs <= 0) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight?.catch(() => {});
    },
    nudge() {
      if (!running) return;
      if (inFlight) again = true;
      else schedule(0);
    },
  };
}
