// The deadline reconciler on a scratch table: due rows advance once, rows not yet due wait, a failing advance
// rolls back and is retried, and reconcilers racing on one database (PostgreSQL: separate connections) never
// advance a row twice.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testClock } from "../../test/helpers";
import { raceIt } from "../../test/race";
import { type Db, rowsOf, type Tx } from "./db/database";
import { createReconciler, type DueHandler, type StepBounds } from "./reconciler";

let test: TestDatabase;
let db: Db;
const silent = { error() {}, warn() {} };

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.database.db;
  await db.execute(sql`create table reconciler_rows (
    id uuid primary key default gen_random_uuid(),
    status text not null default 'waiting',
    due_at timestamptz,
    steps int not null default 0,
    attempts int not null default 0,
    last_error text)`);
  await db.execute(sql`create table reconciler_effects (row_id uuid not null, step int not null)`);
});
afterAll(() => test.drop());
beforeEach(async () => {
  await db.execute(sql`delete from reconciler_rows`);
  await db.execute(sql`delete from reconciler_effects`);
});

/** Two steps per row: waiting -> running (due again 1 s later) -> done (no longer due); each step logs an effect. */
const twoSteps: DueHandler = {
  name: "test-rows",
  table: "reconciler_rows",
  dueColumn: "due_at",
  async advance(tx, id, now) {
    const next = new Date(now.getTime() + 1000).toISOString();
    const moved = await tx.execute(sql`
      update reconciler_rows set
        status = case status when 'waiting' then 'running' else 'done' end,
        due_at = case status when 'waiting' then ${next}::timestamptz else null end,
        steps = steps + 1
      where id = ${id}::uuid and status in ('waiting', 'running')
      returning steps`);
    const step = rowsOf<{ steps: number }>(moved)[0]?.steps;
    if (step !== undefined)
      await tx.execute(sql`insert into reconciler_effects values (${id}::uuid, ${step})`);
  },
};

async function insertRows(count: number, dueAt: Date | null): Promise<string[]> {
  const result = await db.execute(sql`
    insert into reconciler_rows (due_at)
    select ${dueAt?.toISOString() ?? null}::timestamptz from generate_series(1, ${count})
    returning id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

async function stepsOf(): Promise<{ status: string; steps: number; effects: number }[]> {
  const result = await db.execute(sql`
    select r.status, r.steps, (select count(*)::int from reconciler_effects e where e.row_id = r.id) as effects
    from reconciler_rows r`);
  return rowsOf(result);
}

describe("the deadline reconciler", () => {
  it("advances due rows, leaves the rest, and follows each row's next deadline", async () => {
    const clock = testClock();
    const reconciler = createReconciler({ db, clock, log: silent, intervalMs: 0 });
    reconciler.register(twoSteps);
    await insertRows(3, clock.now());
    await insertRows(2, new Date(clock.now().getTime() + 60_000));
    await insertRows(1, null);

    expect(await reconciler.runOnce()).toBe(3);
    expect(await reconciler.runOnce()).toBe(0);
    clock.advance(1000);
    expect(await reconciler.runOnce()).toBe(3);
    clock.advance(60_000);
    expect(await reconciler.runOnce()).toBe(2);
    expect(await reconciler.runOnce()).toBe(0);
    clock.advance(1000);
    expect(await reconciler.runOnce()).toBe(2);
    expect(await reconciler.runOnce()).toBe(0);

    const rows = await stepsOf();
    expect(rows.filter((r) => r.status === "done")).toHaveLength(5);
    expect(rows.filter((r) => r.status === "waiting" && r.steps === 0)).toHaveLength(1);
    for (const row of rows) expect(row.effects).toBe(row.steps);
  });

  it("rolls a failing step back, writes the failure into its row, retries it after a backoff and clears it", async () => {
    const clock = testClock();
    const errors: unknown[] = [];
    const reconciler = createReconciler({
      db,
      clock,
      log: { error: (obj) => errors.push(obj), warn() {} },
      intervalMs: 0,
    });
    let failures = 2;
    let failing = "";
    reconciler.register({
      ...twoSteps,
      async advance(tx, id, now) {
        await twoSteps.advance(tx, id, now);
        if (id === failing && failures > 0) {
          failures -= 1;
          throw new Error("crash half-way through the advance");
        }
      },
    });
    const due = clock.now();
    failing = (await insertRows(2, due))[0]!;
    const rowOf = async (id: string) =>
      rowsOf<{ steps: number; attempts: number; last_error: string | null; due_at: string }>(
        await db.execute(sql`
          select steps, attempts, last_error, due_at::text from reconciler_rows where id = ${id}::uuid`),
      )[0]!;
    const at = async (ms: number) =>
      rowsOf<{ t: string }>(
        await db.execute(sql`select ${new Date(ms).toISOString()}::timestamptz::text as t`),
      )[0]!.t;

    // The first claim fails after writing: its writes vanish, the failure and its retry time are in the row,
    // and the other row still advances in the same pass.
    expect(await reconciler.runOnce()).toBe(1);
    expect(errors).toHaveLength(1);
    const firstClaimed = failing;
    expect(await rowOf(firstClaimed)).toEqual({
      steps: 0,
      attempts: 1,
      last_error: "crash half-way through the advance",
      due_at: await at(due.getTime() + 1000),
    });
    // Any process waits the same second: the wait is the row's deadline, not a process's memory.
    const elsewhere = createReconciler({ db, clock, log: silent, intervalMs: 0 });
    elsewhere.register(twoSteps);
    expect(await elsewhere.runOnce()).toBe(0);
    clock.advance(1000);
    // The retry fails again: two attempts, and the wait doubles.
    expect(await reconciler.runOnce()).toBe(1);
    expect(await rowOf(firstClaimed)).toMatchObject({
      steps: 0,
      attempts: 2,
      due_at: await at(clock.now().getTime() + 2000),
    });
    clock.advance(2000);
    // It succeeds: the step is taken once and the failures are cleared (the other row finished meanwhile).
    expect(await reconciler.runOnce()).toBe(1);
    expect(await rowOf(firstClaimed)).toMatchObject({ steps: 1, attempts: 0, last_error: null });
    for (const row of await stepsOf()) expect(row.effects).toBe(row.steps);
  });

  /** A runner with `bounds` whose step does `before` first; one due row; what the row says after one pass. */
  async function boundedStep(
    bounds: StepBounds,
    before: (tx: Tx) => Promise<unknown>,
    meanwhile?: () => Promise<void>,
  ) {
    const clock = testClock();
    const reconciler = createReconciler({ db, clock, log: silent, intervalMs: 0, bounds });
    reconciler.register({
      ...twoSteps,
      async advance(tx, id, now) {
        await before(tx);
        await twoSteps.advance(tx, id, now);
      },
    });
    const [id] = await insertRows(1, clock.now());
    expect(await reconciler.runOnce()).toBe(0);
    await meanwhile?.();
    return rowsOf<{ steps: number; attempts: number; last_error: string }>(
      await db.execute(sql`select steps, attempts, last_error from reconciler_rows where id = ${id!}::uuid`),
    )[0]!;
  }

  raceIt("bounds a step's wait for a lock: the step fails with the timeout and is retried", async () => {
    await db.execute(sql`insert into reconciler_effects values (gen_random_uuid(), 0)`);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    // Another connection holds the lock the step needs for longer than the bound.
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select * from reconciler_effects for update`);
      holding();
      await released;
    });
    await held;
    const row = await boundedStep(
      { lockTimeoutMs: 200, statementTimeoutMs: 30_000 },
      (tx) => tx.execute(sql`select * from reconciler_effects for update`),
      async () => {
        release();
        await holder;
      },
    );
    expect(row).toMatchObject({ steps: 0, attempts: 1 });
    expect(row.last_error).toMatch(/lock timeout/);
  });

  // PGlite has no timer to cancel a statement with; PostgreSQL has.
  raceIt("bounds a step's statements: a statement past the bound fails the step", async () => {
    const row = await boundedStep({ lockTimeoutMs: 5_000, statementTimeoutMs: 100 }, (tx) =>
      tx.execute(sql`select pg_sleep(2)`),
    );
    expect(row).toMatchObject({ steps: 0, attempts: 1 });
    expect(row.last_error).toMatch(/statement timeout/);
  });

  it("never advances a row twice when several reconcilers race on one database", async () => {
    const clock = testClock();
    const reconcilers = Array.from({ length: 4 }, () => {
      const r = createReconciler({ db, clock, log: silent, intervalMs: 0 });
      r.register(twoSteps);
      return r;
    });
    await insertRows(40, clock.now());

    const first = await Promise.all(reconcilers.map((r) => r.runOnce()));
    expect(first.reduce((a, b) => a + b, 0)).toBe(40);
    clock.advance(1000);
    const second = await Promise.all([...reconcilers, ...reconcilers].map((r) => r.runOnce()));
    expect(second.reduce((a, b) => a + b, 0)).toBe(40);
    await Promise.all(reconcilers.map((r) => r.runOnce()));

    for (const row of await stepsOf()) expect(row).toEqual({ status: "done", steps: 2, effects: 2 });
  });

  it("runs in the background once started, and stop() waits for the pass in flight", async () => {
    const reconciler = createReconciler({
      db,
      clock: { now: () => new Date() },
      log: silent,
      intervalMs: 20,
    });
    reconciler.register(twoSteps);
    await insertRows(2, new Date(Date.now() - 1000));
    reconciler.start();
    await expect
      .poll(async () => (await stepsOf()).every((r) => r.status === "done"), { timeout: 20_000 })
      .toBe(true);
    await reconciler.stop();
    for (const row of await stepsOf()) expect(row.effects).toBe(2);
  });

  it("refuses a handler naming something other than a plain table and column", () => {
    const reconciler = createReconciler({ db, clock: testClock(), log: silent, intervalMs: 0 });
    expect(() => reconciler.register({ ...twoSteps, table: "rows; drop table x" })).toThrow(/invalid/);
  });
});
