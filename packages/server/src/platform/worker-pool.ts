// A few worker threads for CPU-heavy work (password hashing), off the event loop and off libuv's shared
// threadpool, so requests, fs, dns and the database never queue behind it. Work is admitted through seats in
// two lanes, each with its own bound: a full lane refuses at once (the caller answers 429) instead of letting
// a queue grow, and the "known" lane (remembered devices, signed-in players) is served first and keeps its
// own room, so a flood of strangers can neither fill it nor get ahead of it. With two workers or more, one is
// kept for the known lane: a known job never waits for a stranger's job to finish. The strangers' jobs may also
// be given a share of one thread's time: after each, the lane rests so that on average it keeps to its share.
// A low CPU priority alone does not make a flood cheap: scrypt's 128 MiB per hash sweeps the caches and the
// memory bus the event loops and the database use, so on a small machine the strangers are also paced.
import { Worker } from "node:worker_threads";
import { withoutStack } from "./errors";

export type Lane = "known" | "unknown";

/** The lane is full: come back in about `retryInMs`. */
export class PoolFullError extends Error {
  constructor(readonly retryInMs: number) {
    super("worker pool full");
    this.name = "PoolFullError";
  }
}

/** The worker running the job died (or the pool closed): the job did not finish. */
export class WorkerLostError extends Error {
  constructor(message = "worker lost") {
    super(message);
    this.name = "WorkerLostError";
  }
}

/** Room in a lane, held until released; its jobs run one after another. */
export type Seat<Job, Result> = {
  run(job: Job): Promise<Result>;
  release(): void;
};

export type WorkerPool<Job, Result> = {
  /** Takes room in `lane` or throws PoolFullError at once. */
  seat(lane: Lane): Seat<Job, Result>;
  /** One job in a seat of its own. */
  run(lane: Lane, job: Job): Promise<Result>;
  /** Stops every worker; waiting and running jobs fail with WorkerLostError. */
  close(): Promise<void>;
  stats(): { workers: number; running: number; waiting: Record<Lane, number>; seats: Record<Lane, number> };
};

type Task = {
  lane: Lane;
  job: unknown;
  /** When a worker took it (the pool's `now`). */
  startedAt?: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
};

/**
 * `handler` is the source of a plain function `(job) => result` run in each worker (`require` available):
 * source rather than a file, so the same code runs from the TypeScript sources under vitest and from the
 * bundled dist without a second entry point. Jobs and results cross by structured clone.
 */
export function createWorkerPool<Job, Result>(options: {
  handler: string;
  workers: number;
  /** Seats per lane: the jobs waiting or running in it, at most (the unknown lane's times its share). */
  laneSize: number;
  /**
   * CPU niceness on Linux (0 to 19; 0 leaves the process's own priority) of the worker kept for the known lane
   * and of the others. Fixed per thread: an unprivileged thread may lower its priority but never raise it.
   */
  niceness?: Record<Lane, number>;
  /**
   * The share (0 to 1] of one thread's time the unknown lane's jobs may take on average: after a job of t ms
   * the lane takes no new job for t * (1 / share - 1) ms; known jobs never wait for that. 1 (the default)
   * never rests.
   */
  unknownShare?: number;
  /**
   * The clock jobs and rests are timed by (performance.now() by default): a test passes its own, and fake
   * timers for the rest's wake-up, so the pacing is checked by its numbers, not by the wall's time.
   */
  now?: () => number;
}): WorkerPool<Job, Result> {
  const source = workerSource(options.handler);
  const niceness = options.niceness ?? { known: 0, unknown: 0 };
  const now = options.now ?? (() => performance.now());
  const seats: Record<Lane, number> = { known: 0, unknown: 0 };
  const queues: Record<Lane, Task[]> = { known: [], unknown: [] };
  const idle: Worker[] = [];
  const busy = new Map<Worker, Task>();
  /** With two workers or more, one only ever runs the known lane's jobs. */
  const keepOne = options.workers >= 2;
  let kept: Worker | null = null;
  let alive = 0;
  let closed = false;
  /** A running mean of one job's time on a worker, for Retry-After. */
  let meanJobMs = 250;
  const unknownShare = Math.min(1, Math.max(0.01, options.unknownShare ?? 1));
  /** The unknown lane takes no job before this moment (the pool's `now`), the rest its last jobs earned. */
  let unknownRestsUntil = 0;
  let wake: NodeJS.Timeout | null = null;

  function spawn(): Worker {
    const forKnown = keepOne && kept === null;
    const worker = new Worker(source, {
      eval: true,
      workerData: { niceness: forKnown || !keepOne ? niceness.known : niceness.unknown },
    });
    if (forKnown) kept = worker;
    alive += 1;
    // Idle workers must not keep a finished process (a test, a CLI) alive.
    worker.unref();
    worker.on("message", (reply: { value?: unknown; error?: string }) => {
      const task = busy.get(worker);
      busy.delete(worker);
      idle.push(worker);
      if (task) {
        if (task.lane === "unknown") rest(now() - (task.startedAt ?? now()));
        if (reply.error === undefined) task.resolve(reply.value);
        else task.reject(new Error(reply.error));
      }
      dispatch();
    });
    // 'error' (an exception the worker did not catch) is followed by 'exit'; the job is failed there.
    worker.on("error", () => {});
    worker.on("exit", () => {
      alive -= 1;
      if (worker === kept) kept = null;
      const task = busy.get(worker);
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      task?.reject(new WorkerLostError());
      dispatch();
    });
    return worker;
  }

  /** An idle worker for a job of `lane`: the kept one first for the known lane, never for the other. */
  function idleFor(lane: Lane): Worker | null {
    const at =
      lane === "known" && kept && idle.includes(kept)
        ? idle.indexOf(kept)
        : idle.findIndex((worker) => lane === "known" || worker !== kept);
    return at >= 0 ? idle.splice(at, 1)[0]! : null;
  }

  /** The unknown lane's rest after one of its jobs took `ms`, added to any rest still to come. */
  function rest(ms: number) {
    if (unknownShare >= 1) return;
    unknownRestsUntil = Math.max(unknownRestsUntil, now()) + ms * (1 / unknownShare - 1);
  }

  function dispatch() {
    while (!closed) {
      const resting = queues.unknown.length > 0 && now() < unknownRestsUntil;
      const lane =
        queues.known.length > 0 ? "known" : queues.unknown.length > 0 && !resting ? "unknown" : null;
      if (!lane) {
        if (resting && !wake) {
          wake = setTimeout(
            () => {
              wake = null;
              dispatch();
            },
            Math.max(1, unknownRestsUntil - now()),
          );
          // A resting lane must not keep a finished process (a test, a CLI) alive.
          wake.unref();
        }
        return;
      }
      // Every worker starts with the first job waiting (a thread takes a while to start on a busy machine), so
      // the kept one is ready when a known job comes; a dead one is replaced here; a pool never used starts none.
      while (alive < options.workers) idle.push(spawn());
      const worker = idleFor(lane);
      if (!worker) return;
      const task = queues[lane].shift()!;
      task.startedAt = now();
      busy.set(worker, task);
      worker.postMessage(task.job);
    }
  }

  function enqueue(lane: Lane, job: Job): Promise<Result> {
    if (closed) return Promise.reject(new WorkerLostError("worker pool closed"));
    return new Promise<Result>((resolve, reject) => {
      const task: Task = {
        lane,
        job,
        resolve: (value) => {
          meanJobMs = 0.8 * meanJobMs + 0.2 * (now() - (task.startedAt ?? now()));
          resolve(value as Result);
        },
        reject,
      };
      queues[lane].push(task);
      dispatch();
    });
  }

  /** About when a seat in `lane` frees: the lane's jobs spread over the workers it may use. */
  function retryInMs(lane: Lane): number {
    const workers = lane === "known" || !keepOne ? options.workers : options.workers - 1;
    const share = lane === "known" ? 1 : unknownShare;
    return Math.max(1000, (meanJobMs * seats[lane]) / workers / share);
  }

  /** A paced lane holds fewer seats, so that its last seat waits about as long as without the pacing. */
  const laneSize = (lane: Lane) =>
    lane === "known" ? options.laneSize : Math.max(1, Math.round(options.laneSize * unknownShare));

  function seat(lane: Lane): Seat<Job, Result> {
    if (closed || seats[lane] >= laneSize(lane)) throw withoutStack(() => new PoolFullError(retryInMs(lane)));
    seats[lane] += 1;
    let held = true;
    return {
      run: (job) => (held ? enqueue(lane, job) : Promise.reject(new Error("seat already released"))),
      release() {
        if (!held) return;
        held = false;
        seats[lane] -= 1;
      },
    };
  }

  return {
    seat,
    async run(lane, job) {
      const taken = seat(lane);
      try {
        return await taken.run(job);
      } finally {
        taken.release();
      }
    },
    async close() {
      closed = true;
      if (wake) clearTimeout(wake);
      for (const lane of ["known", "unknown"] as const) {
        for (const task of queues[lane].splice(0)) task.reject(new WorkerLostError("worker pool closed"));
      }
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
    },
    stats: () => ({
      workers: alive,
      running: busy.size,
      waiting: { known: queues.known.length, unknown: queues.unknown.length },
      seats: { ...seats },
    }),
  };
}

/**
 * The worker's side: one job at a time, the answer or the error's message back. On Linux the thread lowers its
 * own CPU priority when asked (a thread's id is a valid target of setpriority there), so on a machine short of
 * cores the event loops and the database run first; elsewhere it keeps the process's.
 */
function workerSource(handler: string): string {
  return `
const { parentPort, workerData } = require("node:worker_threads");
if (workerData && workerData.niceness > 0) {
  try {
    const thread = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(thread)) require("node:os").setPriority(thread, workerData.niceness);
  } catch {}
}
const handle = (${handler});
parentPort.on("message", (job) => {
  let reply;
  try {
    reply = { value: handle(job) };
  } catch (error) {
    reply = { error: String((error && error.message) || error) };
  }
  parentPort.postMessage(reply);
});
`;
}
