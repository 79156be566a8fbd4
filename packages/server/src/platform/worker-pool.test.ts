// The worker pool under the password hashing: results and errors come back, a full lane refuses at once, the
// known lane goes first and keeps its room, a dead worker is replaced, and the event loop stays free. Nothing
// here is timed by the wall: a job that must stay running waits at a gate the test opens, and the strangers'
// pacing runs on fake timers and a fake clock.
import os from "node:os";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWorkerPool, PoolFullError, WorkerLostError, type WorkerPool } from "./worker-pool";

type Job = { value?: string; gate?: Int32Array; gateMs?: number; crash?: boolean; fail?: string };

/**
 * Says it has come to its gate and waits there (blocking its own thread, as scrypt does) until the test opens
 * it, then dies, throws or answers, as the job says: its value, or else how the wait ended ("ok" once opened,
 * "not-equal" if it was open already, "timed-out" after `gateMs`).
 */
const handler = `(job) => {
  let waited;
  if (job.gate) {
    Atomics.add(job.gate, 1, 1);
    Atomics.notify(job.gate, 1);
    waited = Atomics.wait(job.gate, 0, 0, job.gateMs);
  }
  if (job.crash) process.exit(1);
  if (job.fail) throw new Error(job.fail);
  return job.value ?? waited;
}`;

// Atomics.waitAsync is in Node (since 16), not in the ES2023 lib this package compiles against.
type WaitAsync = (cell: Int32Array, index: number, value: number) => { async: boolean; value: unknown };
const { waitAsync } = Atomics as unknown as { waitAsync: WaitAsync };

/**
 * Shared memory a job's worker waits on until `open()`: the test, not a clock, says when the job ends. Its
 * first cell is the gate, its second counts the jobs that came to it (a thread takes a while to start).
 */
function gate() {
  const cell = new Int32Array(new SharedArrayBuffer(8));
  return {
    cell,
    open() {
      Atomics.store(cell, 0, 1);
      Atomics.notify(cell, 0);
    },
    /** Resolves once `jobs` jobs are at the gate, woken by their workers' notify. */
    async reached(jobs: number) {
      for (let at = Atomics.load(cell, 1); at < jobs; at = Atomics.load(cell, 1)) {
        const wait = waitAsync(cell, 1, at);
        if (wait.async) await wait.value;
      }
    },
  };
}

let pool: WorkerPool<Job, string> | null = null;
const poolOf = (workers: number, laneSize: number) => {
  pool = createWorkerPool<Job, string>({ handler, workers, laneSize });
  return pool;
};
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe("the worker pool", () => {
  it("answers with the worker's result, and with its error's message", async () => {
    const p = poolOf(2, 4);
    expect(await p.run("unknown", { value: "done" })).toBe("done");
    await expect(p.run("unknown", { fail: "bad job" })).rejects.toThrow("bad job");
    expect(p.stats().workers).toBeGreaterThanOrEqual(1);
  });

  it("refuses at once when a lane is full, with when to come back, and has room again once a seat is freed", async () => {
    const p = poolOf(1, 2);
    const first = p.seat("unknown");
    const second = p.seat("unknown");
    const held = gate();
    const running = second.run({ gate: held.cell, value: "slow" });
    let refusal: unknown;
    try {
      p.seat("unknown");
    } catch (error) {
      refusal = error;
    }
    // At once: refused in the same call, with the lane's job on its worker (it cannot end before its gate opens).
    expect(refusal).toBeInstanceOf(PoolFullError);
    expect(p.stats()).toMatchObject({ running: 1, seats: { unknown: 2 } });
    expect((refusal as PoolFullError).retryInMs).toBeGreaterThanOrEqual(1000);
    // An expected refusal (answered 429): no stack captured for it.
    expect((refusal as PoolFullError).stack).toBe("PoolFullError: worker pool full");
    expect(new Error("later").stack).toMatch(/\n\s+at /);
    first.release();
    const third = p.seat("unknown");
    third.release();
    held.open();
    expect(await running).toBe("slow");
    second.release();
    expect(p.stats().seats).toEqual({ known: 0, unknown: 0 });
  });

  it("keeps the known lane's room when strangers fill theirs", async () => {
    const p = poolOf(1, 1);
    p.seat("unknown");
    expect(() => p.seat("unknown")).toThrow(PoolFullError);
    expect(await p.run("known", { value: "in" })).toBe("in");
  });

  it("serves the known lane first: a remembered device overtakes strangers already waiting", async () => {
    const p = poolOf(1, 8);
    const finished: string[] = [];
    const track = (lane: "known" | "unknown", value: string, held?: Int32Array) =>
      p.run(lane, { value, gate: held }).then((v) => finished.push(v));
    // The one worker is busy (until the gate opens), then three strangers queue, then a remembered device arrives.
    const busy = gate();
    const all = [
      track("unknown", "busy", busy.cell),
      track("unknown", "stranger 1"),
      track("unknown", "stranger 2"),
      track("unknown", "stranger 3"),
    ];
    expect(p.stats()).toMatchObject({ running: 1, waiting: { known: 0, unknown: 3 } });
    all.push(track("known", "remembered"));
    busy.open();
    await Promise.all(all);
    expect(finished).toEqual(["busy", "remembered", "stranger 1", "stranger 2", "stranger 3"]);
  });

  it("keeps one of two workers for the known lane: strangers run one at a time, a known job at once", async () => {
    const p = poolOf(2, 8);
    const held = gate();
    const strangers = Promise.all([1, 2, 3].map(() => p.run("unknown", { gate: held.cell })));
    try {
      expect(p.stats()).toMatchObject({ workers: 2, running: 1, waiting: { unknown: 2 } });
      // At once: taken by the kept worker as it comes, beside the stranger's job, which has not ended.
      const known = p.run("known", { value: "at once" });
      expect(p.stats()).toMatchObject({ running: 2, waiting: { known: 0, unknown: 2 } });
      expect(await known).toBe("at once");
      expect(p.stats()).toMatchObject({ running: 1, waiting: { unknown: 2 } });
    } finally {
      held.open();
      await strangers;
    }
  });

  it("fails the job of a worker that died and starts another for the next one", async () => {
    const p = poolOf(1, 4);
    await expect(p.run("unknown", { crash: true })).rejects.toBeInstanceOf(WorkerLostError);
    expect(p.stats().workers).toBe(0);
    expect(await p.run("unknown", { value: "again" })).toBe("again");
    expect(p.stats()).toMatchObject({ workers: 1, running: 0, seats: { known: 0, unknown: 0 } });
  });

  it("fails jobs still waiting when it closes", async () => {
    const p = poolOf(1, 4);
    // The first job never ends by itself: its gate stays shut.
    const running = p.run("unknown", { gate: gate().cell, value: "a" });
    const waiting = p.run("unknown", { value: "b" });
    expect(p.stats()).toMatchObject({ running: 1, waiting: { unknown: 1 } });
    const refused = Promise.all([
      expect(waiting).rejects.toBeInstanceOf(WorkerLostError),
      expect(running).rejects.toBeInstanceOf(WorkerLostError),
    ]);
    await p.close();
    await refused;
  });

  it.runIf(process.platform === "linux")(
    "lowers its threads' CPU priority, the strangers' more, not the process's",
    async () => {
      const before = os.getPriority();
      const niceness = `() => {
      const thread = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
      return require("node:os").getPriority(thread);
    }`;
      const nice = createWorkerPool<Job, number>({
        handler: niceness,
        workers: 2,
        laneSize: 2,
        niceness: { known: 5, unknown: 15 },
      });
      try {
        expect(await nice.run("known", {})).toBe(5);
        expect(await nice.run("unknown", {})).toBe(15);
        expect(os.getPriority()).toBe(before);
      } finally {
        await nice.close();
      }
    },
  );

  describe("with the strangers held to half of one thread's time", () => {
    // The pool's clock is the fake Date, moved by the test (with the rest's wake-up timer) while a job waits at
    // its gate: a job "runs" exactly as long as the test says, and a rest is checked to the millisecond.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const pacedPool = (laneSize: number, unknownShare: number) => {
      pool = createWorkerPool<Job, string>({
        handler,
        workers: 1,
        laneSize,
        unknownShare,
        now: () => Date.now(),
      });
      return pool;
    };
    const elapse = (ms: number) => vi.advanceTimersByTimeAsync(ms);

    it("rests the unknown lane as long as its last job ran before it takes the next", async () => {
      const p = pacedPool(8, 0.5);
      const gates = [gate(), gate(), gate()];
      const jobs = gates.map((g, i) => p.run("unknown", { gate: g.cell, value: `stranger ${i + 1}` }));
      expect(p.stats()).toMatchObject({ running: 1, waiting: { unknown: 2 } });
      for (const [i, ranMs] of [
        [0, 150],
        [1, 40],
      ] as const) {
        await elapse(ranMs);
        gates[i]!.open();
        expect(await jobs[i]!).toBe(`stranger ${i + 1}`);
        // At half a thread's time, a job of t ms earns a rest of t ms: the next one waits all of it, to the end.
        await elapse(ranMs - 1);
        expect(p.stats()).toMatchObject({ running: 0, waiting: { unknown: 2 - i } });
        await elapse(1);
        expect(p.stats()).toMatchObject({ running: 1, waiting: { unknown: 1 - i } });
      }
      gates[2]!.open();
      expect(await jobs[2]!).toBe("stranger 3");
    });

    it("never makes a known job wait for the strangers' rest", async () => {
      const p = pacedPool(8, 0.5);
      const held = gate();
      const strangers = [1, 2].map((i) => p.run("unknown", { gate: held.cell, value: `stranger ${i}` }));
      await elapse(600);
      held.open();
      expect(await strangers[0]!).toBe("stranger 1");
      // The lane rests 600 ms now. A known job comes inside that rest, is taken at once, and answers before the
      // next stranger is taken.
      await elapse(100);
      const known = p.run("known", { value: "known" });
      expect(p.stats()).toMatchObject({ running: 1, waiting: { known: 0, unknown: 1 } });
      expect(await known).toBe("known");
      expect(p.stats()).toMatchObject({ running: 0, waiting: { unknown: 1 } });
      await elapse(500);
      expect(await strangers[1]!).toBe("stranger 2");
    });

    it("holds fewer strangers' seats, and tells a refused stranger to come back later in proportion", () => {
      const p = pacedPool(16, 0.25);
      for (let i = 0; i < 4; i++) p.seat("unknown");
      let refusal: unknown;
      try {
        p.seat("unknown");
      } catch (error) {
        refusal = error;
      }
      // 4 seats of the first estimate (250 ms each) on one worker at a quarter of its time.
      expect((refusal as PoolFullError).retryInMs).toBe(4_000);
      for (let i = 0; i < 16; i++) p.seat("known");
    });
  });

  it("leaves the event loop free while its workers are busy", async () => {
    const p = poolOf(2, 4);
    // Both workers are in their jobs, held at a gate only this thread opens, after its loop has gone round while
    // they wait. A job run on this thread would block it there instead, and end by its safety timeout.
    const held = gate();
    const job = { gate: held.cell, gateMs: 20_000 };
    const busy = Promise.all([p.run("known", job), p.run("unknown", job)]);
    await held.reached(2);
    for (let turn = 0; turn < 100; turn++) await new Promise((r) => setImmediate(r));
    expect(p.stats()).toMatchObject({ workers: 2, running: 2 });
    held.open();
    // Opened by this thread while each job was in its worker ("not-equal": opened between its coming to the gate
    // and its wait), never the safety timeout's end.
    for (const waited of await busy) expect(["ok", "not-equal"]).toContain(waited);
  });
});
