// The event runner: time is state. A row that must move at a moment (a tournament's registration end, the next
// round, a guild war's round, a request to open a war) holds that moment in a column; every server process runs
// this same loop, which claims due rows with `FOR UPDATE SKIP LOCKED` and advances each in its own transaction.
// Two processes never advance the same row at once (the second skips the locked row), a crash rolls the step
// back (the row is still due, the next pass takes it), and each step's conditional update
// (`UPDATE ... WHERE status = <expected>`, its row count checked before anything is paid) makes a repeated
// step a no-op: exactly one step, one payout.
//
// A step is bounded (`lock_timeout`, `statement_timeout`), so one stuck row cannot hold the loop. A failed step
// is written into its row: `attempts` counts the failures in a row, `last_error` keeps the last one for the
// admins, and the deadline moves to the retry (1 s, 2 s, 4 s... up to a minute): the wait is the same for every
// process and survives a restart. A step that succeeds clears both.
//
// Usage (a feature registers its handler once, in src/features/index.ts):
//
//   platform.reconciler.register({
//     name: "guild-war",
//     table: "guild_wars",            // with the runner's columns: attempts, last_error (schema.ts runnerColumns)
//     dueColumn: "next_due_at",       // timestamptz, null when nothing is due; index it
//     async advance(tx, id, now) {    // the row is locked FOR UPDATE by this transaction
//       // check its status, move it with a conditional update, then do the step and set the next deadline
//     },
//   });
//
// An advance must leave the row not due (a later deadline, null, or the row deleted), or it is claimed again on
// the next pass. A step whose work reaches outside the database (a payment sent to a provider) returns it as a
// follow-up: it runs after the step's commit, never inside a transaction that could still roll back, and the
// step has already written into the row what a later claim needs to know if the follow-up never finishes (a
// lease as its deadline, a count of attempts). Tests drive it by hand: `await app.reconciler.runOnce()` after moving a test clock;
// RECONCILER_INTERVAL_MS=0 leaves the background loop off.
import { sql } from "drizzle-orm";
import type { Clock } from "./clock";
import { type Db, rowsOf, type Tx } from "./db/database";
import { eventKey, noteLocks } from "./db/locks";

export type DueHandler = {
  /** Names the job in logs. */
  name: string;
  /**
   * The table holding the deadline (a plain identifier): an `id` primary key (uuid, text or bigint) and the
   * runner's columns, `attempts` and `last_error`.
   */
  table: string;
  /** The timestamptz column with the next deadline; null means nothing is due. */
  dueColumn: string;
  /**
   * Advances one claimed row inside the claiming transaction; `now` is the reconciler's clock. May answer a
   * follow-up to run once the step has committed (see above).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most steps answer nothing; `void` lets them say so.
  advance(tx: Tx, id: string, now: Date): Promise<void | FollowUp>;
  /** At most this many follow-ups per pass (they run side by side); the rest wait for the next pass. */
  maxFollowUps?: number;
};

export type FollowUp = () => Promise<void>;

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
  /** Steps this process took since it started, per handler: advanced and failed (for the metrics). */
  stats(): Record<string, { advanced: number; failed: number }>;
  /** Rows per handler whose deadline passed more than `ms` ago: due, yet no process has moved them (stuck). */
  overdue(ms: number): Promise<Record<string, number>>;
};

type Log = {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
};

/** How long a step may wait for a lock and run one statement before it fails (and is retried later). */
export type StepBounds = { lockTimeoutMs: number; statementTimeoutMs: number };
export const DEFAULT_STEP_BOUNDS: StepBounds = { lockTimeoutMs: 5_000, statementTimeoutMs: 30_000 };

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** A pass stops after this many advances so one busy handler cannot hold the loop; the next tick continues. */
const MAX_ADVANCES_PER_PASS = 500;
/** A row whose step failed is due again after 1 s, then 2 s, 4 s... up to a minute. */
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 60_000;
/** What `last_error` keeps of a failure's message. */
const LAST_ERROR_LENGTH = 500;

export const retryDelayMs = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));

/** What an admin reads of a failure: the database's own words rather than the query wrapper's. */
function failureMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/** The row a step claimed: its deadline as the database wrote it (text keeps the microseconds) and its failures. */
type Claim = { id: string; due: string; attempts: number };

export function createReconciler(deps: {
  db: Db;
  clock: Clock;
  log: Log;
  intervalMs: number;
  bounds?: StepBounds;
  /**
   * Tests only: called after a step's advance, before its commit (a process test kills itself here to show a
   * step is all or nothing).
   */
  beforeCommit?: (handler: string) => void;
}): Reconciler {
  const { db, clock, log } = deps;
  const bounds = deps.bounds ?? DEFAULT_STEP_BOUNDS;
  const handlers: DueHandler[] = [];
  const steps: Record<string, { advanced: number; failed: number }> = {};
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let inFlight: Promise<number> | null = null;
  let again = false;

  /** Claims one due row of `handler` (skipping rows other processes hold) and advances it. */
  async function advanceOne(
    handler: DueHandler,
    failed: string[],
    followUps: Promise<void>[],
  ): Promise<"advanced" | "failed" | "none"> {
    const now = clock.now();
    const table = sql.raw(handler.table);
    const due = sql.raw(handler.dueColumn);
    // Rows whose step failed in this pass, as a quoted text array (ids may be any text, commas included): a
    // failure that could not even be written down must not spin the pass.
    const failedList = `{${failed.map((id) => `"${id.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
    const skip = failed.length ? sql`and id::text <> all(${failedList}::text[])` : sql``;
    let claimed: Claim | null = null;
    let followUp: FollowUp | undefined;
    try {
      const outcome = await db.transaction(async (tx) => {
        // Sent with the claim, in the same round trip; `true`: for this transaction only.
        const bounded = tx.execute(sql`
          select set_config('lock_timeout', ${`${bounds.lockTimeoutMs}ms`}, true),
            set_config('statement_timeout', ${`${bounds.statementTimeoutMs}ms`}, true)`);
        const result = await tx.execute(sql`
          select id::text as id, ${due}::text as due, attempts from ${table}
          where ${due} <= ${now.toISOString()}::timestamptz ${skip}
          order by ${due} limit 1 for update skip locked`);
        await bounded;
        claimed = rowsOf<Claim>(result)[0] ?? null;
        if (claimed === null) return "none" as const;
        // The claimed row is the event's: first in the lock order, whatever the step locks after it.
        noteLocks(tx, "event", [eventKey(handler.table, claimed.id)]);
        followUp = (await handler.advance(tx, claimed.id, now)) || undefined;
        if (claimed.attempts > 0) {
          await tx.execute(sql`update ${table} set attempts = 0, last_error = null where id = ${claimed.id}`);
        }
        deps.beforeCommit?.(handler.name);
        return "advanced" as const;
      });
      if (followUp) {
        const id = (claimed as Claim | null)?.id;
        followUps.push(
          followUp().catch((error) =>
            log.error({ err: error, handler: handler.name, id }, "runner: follow-up failed"),
          ),
        );
      }
      return outcome;
    } catch (error) {
      if (claimed === null) throw error;
      failed.push((claimed as Claim).id);
      await recordFailure(handler, claimed, error);
      return "failed";
    }
  }

  /**
   * The step rolled back, so the row is as it was: count the failure in it and move its deadline to the retry,
   * unless another process has moved the row on meanwhile (its deadline is no longer the one claimed).
   */
  async function recordFailure(handler: DueHandler, claim: Claim, error: unknown): Promise<void> {
    const attempts = claim.attempts + 1;
    const message = failureMessage(error).slice(0, LAST_ERROR_LENGTH);
    log.error({ err: error, handler: handler.name, id: claim.id, attempts }, "runner: step failed");
    const retryAt = new Date(clock.now().getTime() + retryDelayMs(attempts));
    const table = sql.raw(handler.table);
    const due = sql.raw(handler.dueColumn);
    try {
      await db.execute(sql`
        update ${table} set attempts = attempts + 1, last_error = ${message},
          ${due} = ${retryAt.toISOString()}::timestamptz
        where id = ${claim.id} and ${due} = ${claim.due}::timestamptz`);
    } catch (writeError) {
      log.error(
        { err: writeError, handler: handler.name, id: claim.id },
        "runner: could not record a failure",
      );
    }
  }

  async function pass(): Promise<number> {
    let advanced = 0;
    for (const handler of handlers) {
      const failed: string[] = [];
      const followUps: Promise<void>[] = [];
      const maxFollowUps = handler.maxFollowUps ?? MAX_ADVANCES_PER_PASS;
      for (let n = 0; n < MAX_ADVANCES_PER_PASS && followUps.length < maxFollowUps; n++) {
        const outcome = await advanceOne(handler, failed, followUps);
        if (outcome === "none") break;
        const counts = steps[handler.name] ?? { advanced: 0, failed: 0 };
        counts[outcome] += 1;
        steps[handler.name] = counts;
        if (outcome === "advanced") advanced += 1;
      }
      // A pass ends when its follow-ups have: runOnce() then means every due step was taken as far as it goes.
      await Promise.all(followUps);
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
    stats: () => structuredClone(steps),
    async overdue(ms) {
      const since = new Date(clock.now().getTime() - ms).toISOString();
      const counts: Record<string, number> = {};
      for (const handler of handlers) {
        const result = await db.execute(
          sql`select count(*)::int as n from ${sql.raw(handler.table)} where ${sql.raw(handler.dueColumn)} < ${since}::timestamptz`,
        );
        counts[handler.name] = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
      }
      return counts;
    },
    nudge() {
      if (!running) return;
      if (inFlight) again = true;
      else schedule(0);
    },
  };
}
