// The worker pool under the password hashing: results and errors come back, a full lane refuses at once, the
// known lane goes first and keeps its room, a dead worker is replaced, and the event loop stays free.
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkerPool, PoolFullError, WorkerLostError, type WorkerPool } from "./worker-pool";

type Job = { value?: string; sleepMs?: number; crash?: boolean; fail?: string };

/** Sleeps (blocking its own thread, as scrypt does), dies, throws or answers, as the job says. */
const handler = `(job) => {
  if (job.sleepMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, job.sleepMs);
  if (job.crash) process.exit(1);
  if (job.fail) throw new Error(job.fail);
  return job.value;
}`;

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
    const running = second.run({ sleepMs: 300, value: "slow" });
    const started = performance.now();
    let refusal: unknown;
    try {
      p.seat("unknown");
    } catch (error) {
      refusal = error;
    }
    expect(performance.now() - started).toBeLessThan(50);
    expect(refusal).toBeInstanceOf(PoolFullError);
    expect((refusal as PoolFullError).retryInMs).toBeGreaterThanOrEqual(1000);
    // An expected refusal (answered 429): no stack captured for it.
    expect((refusal as PoolFullError).stack).toBe("PoolFullError: worker pool full");
    expect(new Error("later").stack).toMatch(/\n\s+at /);
    first.release();
    const third = p.seat("unknown");
    third.release();
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
    const track = (lane: "known" | "unknown", value: string, sleepMs = 0) =>
      p.run(lane, { value, sleepMs }).then((v) => finished.push(v));
    // The one worker is busy, then three strangers queue, then a remembered device arrives.
    const all = [
      track("unknown", "busy", 200),
      track("unknown", "stranger 1", 20),
      track("unknown", "stranger 2", 20),
      track("unknown", "stranger 3", 20),
    ];
    await new Promise((r) => setTimeout(r, 50));
    all.push(track("known", "remembered", 20));
    await Promise.all(all);
    expect(finished).toEqual(["busy", "remembered", "stranger 1", "stranger 2", "stranger 3"]);
  });

  it("keeps one of two workers for the known lane: strangers run one at a time, a known job at once", async () => {
    const p = poolOf(2, 8);
    // Both threads started and answering first (a thread's start is not what is measured).
    await Promise.all([p.run("known", { sleepMs: 50 }), p.run("known", { sleepMs: 50 })]);
    const strangers = Promise.all([1, 2, 3].map(() => p.run("unknown", { sleepMs: 600 })));
    try {
      await new Promise((r) => setTimeout(r, 100));
      expect(p.stats()).toMatchObject({ workers: 2, running: 1, waiting: { unknown: 2 } });
      const started = performance.now();
      expect(await p.run("known", { value: "at once" })).toBe("at once");
      expect(performance.now() - started).toBeLessThan(300);
    } finally {
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
    const running = p.run("unknown", { sleepMs: 200, value: "a" });
    const waiting = p.run("unknown", { value: "b" });
    await new Promise((r) => setTimeout(r, 20));
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
    /** Each job answers when its worker started and ended it (the epoch clock, shared with the test). */
    const timed = `(job) => {
      const start = Date.now();
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, job.sleepMs);
      return { start, end: Date.now() };
    }`;
    type Span = { start: number; end: number };
    let paced: WorkerPool<Job, Span> | null = null;
    afterEach(async () => {
      await paced?.close();
      paced = null;
    });

    it("rests the unknown lane as long as its last job ran before it takes the next", async () => {
      paced = createWorkerPool<Job, Span>({ handler: timed, workers: 1, laneSize: 8, unknownShare: 0.5 });
      const [first, second, third] = await Promise.all(
        [1, 2, 3].map(() => paced!.run("unknown", { sleepMs: 150 })),
      );
      for (const [before, after] of [
        [first!, second!],
        [second!, third!],
      ] as const) {
        // The rest is the job's time as the pool saw it, which includes the worker's own.
        expect(after.start - before.end).toBeGreaterThanOrEqual(before.end - before.start - 2);
      }
    });

    it("never makes a known job wait for the strangers' rest", async () => {
      paced = createWorkerPool<Job, Span>({ handler: timed, workers: 1, laneSize: 8, unknownShare: 0.5 });
      const strangers = [1, 2].map(() => paced!.run("unknown", { sleepMs: 600 }));
      const first = await strangers[0]!;
      const known = await paced.run("known", { sleepMs: 1 });
      const next = await strangers[1]!;
      // The known job came while the lane rested and ran at once, well inside that rest, before the next stranger.
      expect(known.start).toBeGreaterThanOrEqual(first.end);
      expect(known.start - first.end).toBeLessThan((first.end - first.start) / 2);
      expect(known.end).toBeLessThanOrEqual(next.start);
    });

    it("holds fewer strangers' seats, and tells a refused stranger to come back later in proportion", () => {
      paced = createWorkerPool<Job, Span>({ handler: timed, workers: 1, laneSize: 16, unknownShare: 0.25 });
      for (let i = 0; i < 4; i++) paced.seat("unknown");
      let refusal: unknown;
      try {
        paced.seat("unknown");
      } catch (error) {
        refusal = error;
      }
      // 4 seats of the first estimate (250 ms each) on one worker at a quarter of its time.
      expect((refusal as PoolFullError).retryInMs).toBe(4_000);
      for (let i = 0; i < 16; i++) paced.seat("known");
    });
  });

  it("leaves the event loop free while its workers are busy", async () => {
    const p = poolOf(2, 4);
    const busy = Promise.all([p.run("unknown", { sleepMs: 500 }), p.run("unknown", { sleepMs: 500 })]);
    const started = performance.now();
    const gaps: number[] = [];
    while (performance.now() - started < 400) {
      const before = performance.now();
      await new Promise((r) => setTimeout(r, 10));
      gaps.push(performance.now() - before);
    }
    await busy;
    expect(Math.max(...gaps)).toBeLessThan(150);
  });
});
