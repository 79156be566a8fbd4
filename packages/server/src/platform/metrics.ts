// What an operator watches on each process, in Prometheus' text format (GET /api/admin/metrics: an admin's session
// or METRICS_TOKEN), on prom-client: its default process and Node figures (CPU, memory, heap, GC, event-loop
// lag, start time), and ours: the event loop's delay over the last complete window, requests answered by status
// class and by route, 429s by the limit that refused them, how long they took, the database pool, the live sockets and bus, the password-hash lanes,
// the event runner's steps, and what features add once wired (the payout wallet, held cash-outs). The loop
// delay is what tells a stalled process from a slow query (docs/performance-history.md, issue 30).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type Limiter, limiters } from "./errors";
import type { BusKind, BusStats } from "./live/bus";
import type { ShedKind } from "./load-shed";

/** A pool's connections now; null on PGlite, which has one connection and no pool. */
export type PoolUse = {
  max: number;
  total: number;
  idle: number;
  waiting: number;
  /** How long the oldest of those waiting has waited. */
  oldestWaitMs: number;
};

/** Upper bounds of the request-duration histogram, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

const statusClasses = ["2xx", "3xx", "4xx", "5xx"] as const;
type StatusClass = (typeof statusClasses)[number];

const classOf = (status: number): StatusClass =>
  status >= 500 ? "5xx" : status >= 400 ? "4xx" : status >= 300 ? "3xx" : "2xx";

const seconds = (nanoseconds: number) => (Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0);

/** The loop delay is shown for the last complete window of this length, the same whoever scrapes how often. */
export const LOOP_WINDOW_MS = 10_000;

/** A row due for longer than this is stuck: a failed step retries within a minute, and a healthy pass takes it. */
export const OVERDUE_MS = 5 * 60_000;

/** The password-hash lanes as the hasher counts them (platform/worker-pool.ts). */
type HashStats = { running: number; waiting: Record<string, number> };
/** The event runner's steps so far, per handler (platform/reconciler.ts). */
type RunnerStats = Record<string, { advanced: number; failed: number }>;

export type ProcessMetrics = ReturnType<typeof createProcessMetrics>;

export function createProcessMetrics(deps: {
  poolUse: () => PoolUse | null;
  liveSockets: () => number;
  liveBus?: () => BusStats & { kind: BusKind };
  hashing?: () => HashStats;
  runner?: () => RunnerStats;
  /** Rows per runner handler past their deadline by more than OVERDUE_MS (asked of the database at a scrape). */
  overdue?: () => Promise<Record<string, number>>;
  /** The load shedder's pressure and what it refused (platform/load-shed.ts). */
  loadShed?: { pressure: () => number; shed: () => Record<ShedKind, number> };
  /** METRICS_ROUTE_CPU=on: the main thread's CPU by route (platform/route-cpu.ts). */
  routeCpu?: () => Map<string, { micros: number; requests: number; statements: number }>;
}) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  // prom-client names these gauges with a counter's `_total`, which Prometheus' own lint refuses (promtool check
  // metrics); handles and requests in flight say little that the loop delay and the route counts do not.
  for (const name of [
    "nodejs_active_handles_total",
    "nodejs_active_requests_total",
    "nodejs_active_resources_total",
  ]) {
    registry.removeSingleMetric(name);
  }
  /** A counter whose totals another part keeps (the bus, the runner): read at each scrape. */
  const runningTotal = <L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    read: () => (readonly [Record<L, string>, number])[],
  ) =>
    new Counter({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.inc(labels, value);
      },
    });

  // 1 ms resolution: the default 10 ms would hide the stalls worth seeing.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let lastWindow = { p50: 0, p99: 0, max: 0 };
  const closeWindow = () => {
    lastWindow = { p50: loop.percentile(50), p99: loop.percentile(99), max: loop.max };
    loop.reset();
  };
  const rotate = setInterval(closeWindow, LOOP_WINDOW_MS);
  rotate.unref();

  new Gauge({
    name: "bot_arena_event_loop_delay_seconds",
    help: `Event-loop delay over the last complete ${LOOP_WINDOW_MS / 1000} s (1 ms resolution): p50, p99, max.`,
    labelNames: ["stat"],
    registers,
    collect() {
      this.set({ stat: "p50" }, seconds(lastWindow.p50));
      this.set({ stat: "p99" }, seconds(lastWindow.p99));
      this.set({ stat: "max" }, seconds(lastWindow.max));
    },
  });
  const answered = new Counter({
    name: "bot_arena_http_requests_total",
    help: "HTTP requests answered, by status class.",
    labelNames: ["status"],
    registers,
  });
  for (const status of statusClasses) answered.inc({ status }, 0);
  const duration = new Histogram({
    name: "bot_arena_http_request_duration_seconds",
    help: "Time to answer an HTTP request.",
    buckets: [...DURATION_BUCKETS],
    registers,
  });
  const limited = new Counter({
    name: "bot_arena_rate_limited_total",
    help: "Requests answered 429, by the limit that refused them.",
    labelNames: ["limiter"],
    registers,
  });
  for (const limiter of limiters) limited.inc({ limiter }, 0);
  const byRoute = new Counter({
    name: "bot_arena_http_route_requests_total",
    help: "HTTP requests answered, by method, route (its pattern; 'unmatched' for none) and status code.",
    labelNames: ["method", "route", "status"],
    registers,
  });
  const routeDuration = new Histogram({
    name: "bot_arena_http_route_duration_seconds",
    help: "Time to answer an HTTP request, by method and route.",
    labelNames: ["method", "route"],
    buckets: [...DURATION_BUCKETS],
    registers,
  });
  new Gauge({
    name: "bot_arena_db_pool_connections",
    help: "Database pool: its size, connections open, idle, and requests waiting for one (absent on PGlite).",
    labelNames: ["state"],
    registers,
    collect() {
      const pool = deps.poolUse();
      if (!pool) return;
      this.set({ state: "max" }, pool.max);
      this.set({ state: "open" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new Gauge({
    name: "bot_arena_db_pool_oldest_wait_seconds",
    help: "How long the oldest request waiting for a database connection has waited (absent on PGlite).",
    registers,
    collect() {
      const pool = deps.poolUse();
      if (pool) this.set(pool.oldestWaitMs / 1000);
    },
  });
  const loadShed = deps.loadShed;
  if (loadShed) {
    new Gauge({
      name: "bot_arena_load_pressure",
      help: "The load as a share of the shedding bound: from 1 reads and sign-ins are refused, from 2 state changes.",
      registers,
      collect() {
        this.set(loadShed.pressure());
      },
    });
    runningTotal(
      "bot_arena_load_shed_total",
      "Requests refused with 503 because the process was overloaded, by kind (read, sign_in, change).",
      ["kind"],
      () => Object.entries(loadShed.shed()).map(([kind, n]) => [{ kind }, n] as const),
    );
  }
  const routeCpu = deps.routeCpu;
  if (routeCpu) {
    runningTotal(
      "bot_arena_route_cpu_seconds_total",
      "Main-thread CPU seconds charged to the route whose request started the work ('(none)': no request did).",
      ["route"],
      () => [...routeCpu()].map(([route, t]) => [{ route }, t.micros / 1e6] as const),
    );
    runningTotal(
      "bot_arena_route_statements_total",
      "Statements sent to PostgreSQL, charged as bot_arena_route_cpu_seconds_total charges CPU.",
      ["route"],
      () => [...routeCpu()].map(([route, t]) => [{ route }, t.statements] as const),
    );
  }
  new Gauge({
    name: "bot_arena_live_sockets",
    help: "Live sockets open on this process.",
    registers,
    collect() {
      this.set(deps.liveSockets());
    },
  });
  const bus = deps.liveBus;
  if (bus) {
    new Gauge({
      name: "bot_arena_live_bus_up",
      help: "Whether this process hears the live bus now (1) or not (0).",
      labelNames: ["bus"],
      registers,
      collect() {
        const stats = bus();
        this.set({ bus: stats.kind }, stats.up ? 1 : 0);
      },
    });
    const busCount = (name: string, help: string, read: (stats: BusStats) => number) =>
      runningTotal(name, help, ["bus"], () => {
        const stats = bus();
        return [[{ bus: stats.kind }, read(stats)]];
      });
    busCount(
      "bot_arena_live_bus_sends_total",
      "Messages this process put on the live bus: NOTIFY statements (up to 100 events each) or PUBLISHes.",
      (s) => s.sends,
    );
    busCount("bot_arena_live_bus_events_total", "Committed live events this process sent.", (s) => s.events);
    busCount(
      "bot_arena_live_bus_lost_events_total",
      "Committed live events this process could not send (the bus was down).",
      (s) => s.lost,
    );
  }
  const hashing = deps.hashing;
  if (hashing) {
    new Gauge({
      name: "bot_arena_password_hash_jobs",
      help: "Password hashes running, and waiting per lane (known devices, strangers).",
      labelNames: ["state"],
      registers,
      collect() {
        const stats = hashing();
        this.set({ state: "running" }, stats.running);
        for (const [lane, waiting] of Object.entries(stats.waiting))
          this.set({ state: `waiting_${lane}` }, waiting);
      },
    });
  }
  const runner = deps.runner;
  if (runner) {
    runningTotal(
      "bot_arena_runner_steps_total",
      "Event-runner steps this process took since it started, by handler and outcome (advanced, failed).",
      ["handler", "outcome"],
      () =>
        Object.entries(runner()).flatMap(([handler, counts]) => [
          [{ handler, outcome: "advanced" }, counts.advanced] as const,
          [{ handler, outcome: "failed" }, counts.failed] as const,
        ]),
    );
  }

  const overdue = deps.overdue;
  if (overdue) {
    new Gauge({
      name: "bot_arena_runner_rows_overdue",
      help: `Rows of each event-runner handler whose deadline passed more than ${OVERDUE_MS / 60_000} minutes ago (stuck).`,
      labelNames: ["handler"],
      registers,
      async collect() {
        this.reset();
        // A scrape while the database is down still answers, without this one.
        const counts = await overdue().catch(() => ({}));
        for (const [handler, rows] of Object.entries(counts)) this.set({ handler }, rows);
      },
    });
  }

  return {
    /**
     * One answered request: its status, its time in milliseconds, its route's pattern when it had one, and the
     * limit that refused it when it was a 429. The load shedder's refusals never reach here (Fastify never saw
     * them): they are bot_arena_load_shed_total.
     */
    record(
      status: number,
      elapsedMs: number,
      route?: { method: string; url: string | undefined },
      limiter?: Limiter,
    ) {
      const elapsed = elapsedMs / 1000;
      answered.inc({ status: classOf(status) });
      if (limiter) limited.inc({ limiter });
      duration.observe(elapsed);
      if (route) {
        const labels = { method: route.method, route: route.url ?? "unmatched" };
        byRoute.inc({ ...labels, status: String(status) });
        routeDuration.observe(labels, elapsed);
      }
    },

    /**
     * A gauge a feature adds once it is wired, with its labels; `read` answers null while the value is unknown,
     * and the gauge then has no sample at all (an unlabelled one would read 0, which a wallet alert takes for empty).
     */
    gauge(
      name: string,
      help: string,
      labels: Record<string, string>,
      read: () => number | null | Promise<number | null>,
    ) {
      new Gauge({
        name,
        help,
        labelNames: Object.keys(labels),
        registers,
        async collect() {
          const value = await read();
          this.reset();
          if (value !== null) this.set(labels, value);
        },
      });
    },

    /** The text a scrape gets. */
    render: (): Promise<string> => registry.metrics(),
    contentType: registry.contentType,

    /** Closes the current window now (tests; the timer does it every LOOP_WINDOW_MS). */
    closeWindow,

    stop: () => {
      clearInterval(rotate);
      loop.disable();
      registry.clear();
    },
  };
}
