// What an operator watches on each process, in Prometheus' text format (GET /api/admin/metrics, admin only):
// the event loop's delay, requests answered and how long they took, the database pool's use and the live
// sockets. The loop delay is what tells a stalled process from a slow query (docs/performance.md, issue 30).
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { BusKind, BusStats } from "./live/bus";

/** A pool's connections now; null on PGlite, which has one connection and no pool. */
export type PoolUse = { max: number; total: number; idle: number; waiting: number };

/** Upper bounds of the request-duration histogram, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

const statusClasses = ["2xx", "3xx", "4xx", "5xx"] as const;
type StatusClass = (typeof statusClasses)[number];

const classOf = (status: number): StatusClass =>
  status >= 500 ? "5xx" : status >= 400 ? "4xx" : status >= 300 ? "3xx" : "2xx";

const seconds = (nanoseconds: number) => (Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0);

/** The loop delay is shown for the last complete window of this length, the same whoever scrapes how often. */
export const LOOP_WINDOW_MS = 10_000;

export type ProcessMetrics = ReturnType<typeof createProcessMetrics>;

export function createProcessMetrics(deps: {
  poolUse: () => PoolUse | null;
  liveSockets: () => number;
  liveBus?: () => BusStats & { kind: BusKind };
}) {
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
  const answered: Record<StatusClass, number> = { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 };
  const buckets = DURATION_BUCKETS.map(() => 0);
  let durationSum = 0;
  let durationCount = 0;
  /** Gauges a feature adds once it is wired (the payouts' wallet and held requests). */
  const extraGauges: (() => { name: string; help: string; value: number }[])[] = [];

  return {
    addGauges(read: () => { name: string; help: string; value: number }[]) {
      extraGauges.push(read);
    },

    /** One answered request: its status and its time in milliseconds. */
    record(status: number, elapsedMs: number) {
      answered[classOf(status)] += 1;
      const elapsed = elapsedMs / 1000;
      durationSum += elapsed;
      durationCount += 1;
      DURATION_BUCKETS.forEach((bound, i) => {
        if (elapsed <= bound) buckets[i]! += 1;
      });
    },

    /** The text a scrape gets. */
    render(): string {
      const lines: string[] = [];
      const metric = (name: string, type: string, help: string, samples: [string, number][]) => {
        lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
        for (const [labels, value] of samples) lines.push(`${name}${labels} ${value}`);
      };
      metric(
        "bot_arena_event_loop_delay_seconds",
        "gauge",
        `Event-loop delay over the last complete ${LOOP_WINDOW_MS / 1000} s (1 ms resolution).`,
        [
          ['{quantile="0.5"}', seconds(lastWindow.p50)],
          ['{quantile="0.99"}', seconds(lastWindow.p99)],
          ['{quantile="1"}', seconds(lastWindow.max)],
        ],
      );
      metric(
        "bot_arena_http_requests_total",
        "counter",
        "HTTP requests answered, by status class.",
        statusClasses.map((c) => [`{status="${c}"}`, answered[c]]),
      );
      metric("bot_arena_http_request_duration_seconds", "histogram", "Time to answer an HTTP request.", [
        ...DURATION_BUCKETS.map((bound, i): [string, number] => [`_bucket{le="${bound}"}`, buckets[i]!]),
        ['_bucket{le="+Inf"}', durationCount],
        ["_sum", durationSum],
        ["_count", durationCount],
      ]);
      const pool = deps.poolUse();
      if (pool) {
        metric(
          "bot_arena_db_pool_connections",
          "gauge",
          "Database pool: its size, connections open, idle, and requests waiting for one.",
          [
            ['{state="max"}', pool.max],
            ['{state="open"}', pool.total],
            ['{state="idle"}', pool.idle],
            ['{state="waiting"}', pool.waiting],
          ],
        );
      }
      metric("bot_arena_live_sockets", "gauge", "Live sockets open on this process.", [
        ["", deps.liveSockets()],
      ]);
      const bus = deps.liveBus?.();
      if (bus) {
        const kind = `{bus="${bus.kind}"}`;
        metric(
          "bot_arena_live_bus_up",
          "gauge",
          "Whether this process hears the live bus now (1) or not (0).",
          [[kind, bus.up ? 1 : 0]],
        );
        metric(
          "bot_arena_live_bus_sends_total",
          "counter",
          "Messages this process put on the live bus: NOTIFY statements (up to 100 events each) or PUBLISHes.",
          [[kind, bus.sends]],
        );
        metric("bot_arena_live_bus_events_total", "counter", "Committed live events this process sent.", [
          [kind, bus.events],
        ]);
        metric(
          "bot_arena_live_bus_lost_events_total",
          "counter",
          "Committed live events this process could not send (the bus was down).",
          [[kind, bus.lost]],
        );
      }
      for (const gauge of extraGauges.flatMap((read) => read())) {
        metric(gauge.name, "gauge", gauge.help, [["", gauge.value]]);
      }
      const memory = process.memoryUsage();
      metric("process_resident_memory_bytes", "gauge", "Resident memory.", [["", memory.rss]]);
      metric("nodejs_heap_used_bytes", "gauge", "V8 heap in use.", [["", memory.heapUsed]]);
      const cpu = process.cpuUsage();
      metric("process_cpu_seconds_total", "counter", "CPU time, user and system.", [
        ["", (cpu.user + cpu.system) / 1e6],
      ]);
      return `${lines.join("\n")}\n`;
    },

    /** Closes the current window now (tests; the timer does it every LOOP_WINDOW_MS). */
    closeWindow,

    stop: () => {
      clearInterval(rotate);
      loop.disable();
    },
  };
}
