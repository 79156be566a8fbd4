// What the simulated players measured: latency and statuses per contract route, and live event delays.
import { writeFileSync } from "node:fs";
import { printTable, summarize } from "../stats";

type RouteSamples = { latencies: number[]; statuses: Map<number, number> };

/** Status 0 stands for a request that got no HTTP answer at all (connection refused or reset). */
export const NO_ANSWER = 0;

export class Metrics {
  readonly routes = new Map<string, RouteSamples>();
  /** Live event delays by channel (`me`, `chat`, ...), and how many of each kind arrived. */
  readonly liveDelays = new Map<string, number[]>();
  readonly liveKinds = new Map<string, number>();
  readonly skipped = new Map<string, number>();
  /** Requests the server refused as overloaded, by route: counted apart, their latencies left out. */
  readonly shed = new Map<string, number>();
  readonly startedAt = performance.now();
  /** When each request started (performance.now()) and how it ended, for the fault runs' timelines. */
  readonly timeline: { started: number; ms: number; status: number; route: string }[] = [];

  record(route: string, ms: number, status: number): void {
    this.timeline.push({ started: performance.now() - ms, ms, status, route });
    const samples: RouteSamples = this.routes.get(route) ?? { latencies: [], statuses: new Map() };
    samples.latencies.push(ms);
    samples.statuses.set(status, (samples.statuses.get(status) ?? 0) + 1);
    this.routes.set(route, samples);
  }

  recordShed(route: string): void {
    this.shed.set(route, (this.shed.get(route) ?? 0) + 1);
  }

  shedCount(): number {
    return [...this.shed.values()].reduce((sum, n) => sum + n, 0);
  }

  recordLive(channel: string, kind: string, delayMs: number): void {
    const delays = this.liveDelays.get(channel) ?? [];
    delays.push(delayMs);
    this.liveDelays.set(channel, delays);
    this.liveKinds.set(kind, (this.liveKinds.get(kind) ?? 0) + 1);
  }

  skip(action: string): void {
    this.skipped.set(action, (this.skipped.get(action) ?? 0) + 1);
  }

  count(predicate: (status: number) => boolean): number {
    let total = 0;
    for (const { statuses } of this.routes.values()) {
      for (const [status, n] of statuses) if (predicate(status)) total += n;
    }
    return total;
  }

  /** Every request of every route, for an overall line. */
  all(): number[] {
    return [...this.routes.values()].flatMap((r) => r.latencies);
  }
}

const statusList = (statuses: Map<number, number>) =>
  [...statuses]
    .filter(([status]) => status >= 400 || status === NO_ANSWER)
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === NO_ANSWER ? "no answer" : status}×${n}`)
    .join(" ") || "0";

/** Per route: the accepted requests' latencies, their errors, and apart from them the ones shed. */
export function printRouteTable(title: string, metrics: Metrics, seconds: number): void {
  const names = [...new Set([...metrics.routes.keys(), ...metrics.shed.keys()])].sort();
  const rows = names.map((route) => {
    const samples = metrics.routes.get(route) ?? { latencies: [], statuses: new Map() };
    const s = summarize(samples.latencies, seconds);
    const shed = metrics.shed.get(route) ?? 0;
    return [route, s.count, s.rps, s.p50, s.p95, s.p99, statusList(samples.statuses), shed];
  });
  const overall = summarize(metrics.all(), seconds);
  rows.push([
    "all routes",
    overall.count,
    overall.rps,
    overall.p50,
    overall.p95,
    overall.p99,
    "",
    metrics.shedCount(),
  ]);
  printTable(
    title,
    ["route", "accepted", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors by status", "shed (503)"],
    rows,
  );
}

export function printLive(metrics: Metrics, seconds: number): void {
  const kinds = [...metrics.liveKinds].map(([kind, n]) => `${kind}×${n}`).join(" ");
  const rows = [...metrics.liveDelays].map(([channel, delays]) => {
    const s = summarize(delays, seconds);
    return [channel, s.count, s.rps, s.p50, s.p95, s.p99, s.max];
  });
  printTable(
    `Live events delivered (delay = arrival − event.at; kinds: ${kinds || "-"})`,
    ["channel", "events", "per s", "p50 ms", "p95 ms", "p99 ms", "max ms"],
    rows.length ? rows : [["-", 0, 0, 0, 0, 0, 0]],
  );
}

/**
 * The play in windows of `windowS` seconds: a tail made by a few bad moments shows as a few bad rows. With
 * BENCH_TIMELINE_FILE set, every request (start, time, status, route) is written there as JSON too.
 */
export function printTimeline(metrics: Metrics, windowS = 5): void {
  if (metrics.timeline.length === 0) return;
  const file = process.env.BENCH_TIMELINE_FILE;
  if (file) writeFileSync(file, JSON.stringify(metrics.timeline));
  const first = Math.min(...metrics.timeline.map((t) => t.started));
  const windows: number[][] = [];
  for (const t of metrics.timeline) {
    const i = Math.floor((t.started - first) / (windowS * 1000));
    windows[i] = [...(windows[i] ?? []), t.ms];
  }
  const rows = windows.map((latencies, i) => {
    const s = summarize(latencies ?? [], windowS);
    return [`${i * windowS}–${(i + 1) * windowS} s`, s.count, s.rps, s.p50, s.p99, s.max];
  });
  printTable("All routes over the play", ["window", "requests", "req/s", "p50 ms", "p99 ms", "max ms"], rows);
}
