// The servers' own view of a run, read from their metrics route (admin only) during play: each process's
// event-loop delay over the last minute (read at the end of play), beside the client's latencies, tells a
// stalled server from a slow database; their request times every 5 s tell time spent in the servers from time
// spent reaching them; the bench's own loop delay tells whether the load generator itself kept up.
import { readdirSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { request } from "../http";
import { procCpu } from "../proc-cpu";
import type { Caller } from "./api";

const METRICS_PATH = "/api/admin/metrics";
const ms = (seconds: number | null) => (seconds ?? 0) * 1000;

const sample = (text: string, line: string): number | null => {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
};

const BUCKET_LINE = /^bot_arena_http_request_duration_seconds_bucket\{le="([^"]+)"\} (\d+)$/;

/** The cumulative request-time histogram of one scrape: [upper bound in ms, count] in order. */
function histogramOf(text: string): [number, number][] {
  return text
    .split("\n")
    .map((line) => BUCKET_LINE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1] === "+Inf" ? Number.POSITIVE_INFINITY : Number(m[1]) * 1000, Number(m[2])]);
}

/** The bucket bound under which `share` of the requests between two scrapes finished (all servers summed). */
function quantileBetween(before: [number, number][], after: [number, number][], share: number): number {
  const counts = after.map(([bound, n], i) => [bound, n - (before[i]?.[1] ?? 0)] as const);
  const total = counts.at(-1)?.[1] ?? 0;
  const found = counts.find(([, n]) => n >= total * share);
  return found?.[0] ?? 0;
}

export type ServerLoop = { base: URL; p50: number; p99: number; max: number; waiting: number | null };

/** A process's CPU seconds and the requests it answered so far, from one scrape; by route with --route-cpu. */
type RouteSpent = { cpu: number; requests: number; statements: number };
type Spent = { cpu: number; system: number; requests: number; routes: Map<string, RouteSpent> };

const ROUTE_CPU_LINE = /^bot_arena_route_cpu_seconds_total\{route="([^"]+)"\} (\S+)$/gm;
const ROUTE_STATEMENTS_LINE = /^bot_arena_route_statements_total\{route="([^"]+)"\} (\S+)$/gm;
const ROUTE_COUNT_LINE =
  /^bot_arena_http_route_requests_total\{method="([^"]+)",route="([^"]+)",[^}]*\} (\d+)$/gm;

function routesOf(text: string): Spent["routes"] {
  const routes: Spent["routes"] = new Map();
  const of = (label: string) => {
    const route = routes.get(label) ?? { cpu: 0, requests: 0, statements: 0 };
    routes.set(label, route);
    return route;
  };
  for (const [, label, seconds] of text.matchAll(ROUTE_CPU_LINE)) of(label!).cpu += Number(seconds);
  for (const [, label, n] of text.matchAll(ROUTE_STATEMENTS_LINE)) of(label!).statements += Number(n);
  if (routes.size === 0) return routes;
  for (const [, method, path, n] of text.matchAll(ROUTE_COUNT_LINE))
    of(`${method} ${path}`).requests += Number(n);
  return routes;
}

const spentOf = (text: string | null): Spent | null => {
  if (text === null) return null;
  const requests = [...text.matchAll(/^bot_arena_http_requests_total\{[^}]*\} (\d+)$/gm)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
  return {
    cpu: sample(text, "process_cpu_seconds_total") ?? 0,
    system: sample(text, "process_cpu_system_seconds_total") ?? 0,
    requests,
    routes: routesOf(text),
  };
};

export type RouteCpuRow = { route: string; requests: number; cpuMs: number; statements: number };

/** Every server's CPU by route between two scrapes each, summed over the servers, dearest first. */
function routeCpuBetween(first: (Spent | null)[], last: (Spent | null)[]): RouteCpuRow[] {
  const rows = new Map<string, RouteCpuRow>();
  last.forEach((b, i) => {
    for (const [route, after] of b?.routes ?? []) {
      const before = first[i]?.routes.get(route) ?? { cpu: 0, requests: 0, statements: 0 };
      const row = rows.get(route) ?? { route, requests: 0, cpuMs: 0, statements: 0 };
      row.requests += after.requests - before.requests;
      row.statements += after.statements - before.statements;
      row.cpuMs += (after.cpu - before.cpu) * 1000;
      rows.set(route, row);
    }
  });
  return [...rows.values()].filter((r) => r.cpuMs > 0).sort((a, b) => b.cpuMs - a.cpuMs);
}

/** CPU seconds every PostgreSQL process on this machine has used (its server runs beside the bench). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const cpu = procCpu(name);
    if (cpu?.command === "postgres") total += cpu.seconds;
  }
  return total;
}

export type CpuPerRequest = {
  /** `ms` is user and system CPU per request, `systemMs` the kernel's part of it (socket writes mostly). */
  servers: ({ base: URL; ms: number; systemMs: number; requests: number } | null)[];
  /** PostgreSQL's CPU over the play per request the servers answered (null on PGlite: it is the servers'). */
  postgres: number | null;
  bench: number;
  /** --route-cpu: the servers' CPU by route over the play; empty without it. */
  routes: RouteCpuRow[];
};

/** Call at the start of play; `finish` at its end. */
export async function startServerWatch(bases: URL[], admin: Caller | null) {
  const bench = monitorEventLoopDelay({ resolution: 1 });
  const scrape = (base: URL) =>
    request(base, "GET", METRICS_PATH, { cookie: admin?.cookie }).then((a) =>
      a.status === 200 ? a.body : null,
    );
  if (admin) await Promise.all(bases.map(scrape));
  bench.enable();
  // Every 5 s the servers' own request times, to tell time spent in the servers from time spent getting there.
  const windows: [number, number][][] = [];
  /** Each poll's view of each server's last complete 10-second loop window: the worst one is reported. */
  const loops: (ServerLoop | null)[][] = [];
  const sum = (texts: (string | null)[]) => {
    const histograms = texts.filter((t): t is string => t !== null).map(histogramOf);
    return (histograms[0] ?? []).map(
      ([bound], i) => [bound, histograms.reduce((n, h) => n + (h[i]?.[1] ?? 0), 0)] as [number, number],
    );
  };
  const loopOf = (text: string | null, i: number): ServerLoop | null =>
    text === null
      ? null
      : {
          base: bases[i]!,
          p50: ms(sample(text, 'bot_arena_event_loop_delay_seconds{stat="p50"}')),
          p99: ms(sample(text, 'bot_arena_event_loop_delay_seconds{stat="p99"}')),
          max: ms(sample(text, 'bot_arena_event_loop_delay_seconds{stat="max"}')),
          waiting: sample(text, 'bot_arena_db_pool_connections{state="waiting"}'),
        };
  let firstSpent: (Spent | null)[] = [];
  let lastSpent: (Spent | null)[] = [];
  const poll = async () => {
    const texts = await Promise.all(bases.map(scrape));
    windows.push(sum(texts));
    loops.push(texts.map(loopOf));
    lastSpent = texts.map(spentOf);
  };
  if (admin) await poll();
  firstSpent = lastSpent;
  const postgresAtStart = postgresCpuSeconds();
  const benchAtStart = process.cpuUsage();
  const poller = admin ? setInterval(() => void poll(), 5_000) : null;
  return {
    /** Each server's worst loop window (null without the route or an admin), and the bench's own loop. */
    async finish(): Promise<{
      servers: (ServerLoop | null)[];
      bench: { p50: number; p99: number; max: number };
      serverWindows: { p50: number; p99: number; waiting: number }[];
      cpu: CpuPerRequest;
    }> {
      bench.disable();
      if (poller) clearInterval(poller);
      if (admin) await poll();
      const postgresSpent = postgresCpuSeconds() - postgresAtStart;
      const benchUsage = process.cpuUsage(benchAtStart);
      const servers = bases.map((base, i) => {
        const [a, b] = [firstSpent[i], lastSpent[i]];
        if (!a || !b || b.requests === a.requests) return null;
        return {
          base,
          ms: ((b.cpu - a.cpu) * 1000) / (b.requests - a.requests),
          systemMs: ((b.system - a.system) * 1000) / (b.requests - a.requests),
          requests: b.requests - a.requests,
        };
      });
      const answered = servers.reduce((n, s) => n + (s?.requests ?? 0), 0);
      // The first poll's window closed before play began.
      const seen = loops.slice(1);
      const worst = (i: number) =>
        seen
          .map((row) => row[i] ?? null)
          .reduce<ServerLoop | null>((a, b) => (!a || (b && b.p99 > a.p99) ? b : a), null);
      return {
        servers: bases.map((_, i) => worst(i)),
        bench: { p50: bench.percentile(50) / 1e6, p99: bench.percentile(99) / 1e6, max: bench.max / 1e6 },
        /** Per 5-second window, the servers' p50 and p99 as histogram bucket bounds (ms). */
        serverWindows: windows.slice(1).map((after, i) => ({
          p50: quantileBetween(windows[i]!, after, 0.5),
          p99: quantileBetween(windows[i]!, after, 0.99),
          waiting: (loops[i + 1] ?? []).reduce((n, loop) => n + (loop?.waiting ?? 0), 0),
        })),
        cpu: {
          servers,
          postgres: answered > 0 && postgresSpent > 0 ? (postgresSpent * 1000) / answered : null,
          bench: answered > 0 ? (benchUsage.user + benchUsage.system) / 1000 / answered : 0,
          routes: routeCpuBetween(firstSpent, lastSpent),
        },
      };
    },
  };
}

export function printLoops(
  result: Awaited<ReturnType<Awaited<ReturnType<typeof startServerWatch>>["finish"]>>,
) {
  const f = (ms: number) => ms.toFixed(1);
  console.log("\nEvent-loop delay: each server's worst 10-second window of the play (1 ms resolution)");
  console.log("| process | p50 ms | p99 ms | max ms |");
  console.log("|---------|--------|--------|--------|");
  result.servers.forEach((loop, i) => {
    if (loop)
      console.log(
        `| server ${i + 1} (:${loop.base.port}) | ${f(loop.p50)} | ${f(loop.p99)} | ${f(loop.max)} |`,
      );
    else console.log(`| server ${i + 1} | no metrics route (or no admin) | | |`);
  });
  console.log(
    `| the bench itself | ${f(result.bench.p50)} | ${f(result.bench.p99)} | ${f(result.bench.max)} |`,
  );
  const cpu = result.cpu;
  if (cpu.servers.some((s) => s !== null)) {
    console.log(
      "\nCPU per request answered over the play (each process's own CPU time over the requests it admitted; refusing the shed ones is in the time, not in the count)",
    );
    console.log("| process | requests | CPU ms per request | of which the kernel's |");
    console.log("|---------|----------|--------------------|-----------------------|");
    cpu.servers.forEach((s, i) => {
      if (s)
        console.log(
          `| server ${i + 1} (:${s.base.port}) | ${s.requests} | ${s.ms.toFixed(3)} | ${s.systemMs.toFixed(3)} |`,
        );
    });
    if (cpu.postgres !== null)
      console.log(`| PostgreSQL (every postgres process) | | ${cpu.postgres.toFixed(3)} | |`);
    console.log(`| the bench itself | | ${cpu.bench.toFixed(3)} | |`);
  }
  if (cpu.routes.length > 0) printRouteCpu(cpu.routes);
  if (result.serverWindows.length === 0) return;
  console.log("\nThe servers' own request times per 5 s (bucket bounds: 5, 10, 25, 50, 100, 250, 500 ms...)");
  console.log("| window | p50 ≤ ms | p99 ≤ ms | waiting for a connection at its end |");
  console.log("|--------|----------|----------|-------------------------------------|");
  result.serverWindows.forEach((w, i) => {
    console.log(`| ${i * 5}–${(i + 1) * 5} s | ${w.p50} | ${w.p99} | ${w.waiting} |`);
  });
}

function printRouteCpu(routes: RouteCpuRow[]): void {
  const total = routes.reduce((n, r) => n + r.cpuMs, 0);
  const answered = routes.reduce((n, r) => n + r.requests, 0);
  console.log(
    "\nThe servers' main-thread CPU by route over the play (--route-cpu: async_hooks follow each request's work, and cost CPU of their own; '(none)' is what no request started, per request answered)",
  );
  console.log("| route | requests | CPU ms per request | share of CPU % | statements per request |");
  console.log("|-------|----------|--------------------|----------------|------------------------|");
  for (const r of routes) {
    const of = (n: number) => (r.requests > 0 ? n / r.requests : n / Math.max(1, answered));
    console.log(
      `| ${r.route} | ${r.requests || ""} | ${of(r.cpuMs).toFixed(3)} | ${((100 * r.cpuMs) / total).toFixed(1)} | ${of(r.statements).toFixed(2)} |`,
    );
  }
  const statements = routes.reduce((n, r) => n + r.statements, 0);
  console.log(
    `Statements per request answered, all routes: ${(statements / Math.max(1, answered)).toFixed(2)}`,
  );
}
