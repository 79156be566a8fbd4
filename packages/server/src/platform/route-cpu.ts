// METRICS_ROUTE_CPU=on (benches, never production): the main thread's CPU time split by the route whose request
// made the work, as bot_arena_route_cpu_seconds_total. A process's CPU over its requests says how dear a request
// is on average; this says which routes make that average. The split follows async continuations: work started
// while a route's request was running (a query's promise, a timer, a socket write) is charged to that route when
// it runs. What no request started (a database socket's reads, the live bus, timers of the process's own, the
// garbage collector between callbacks) is charged to "(none) <the resource's type>"; "(none)" alone is the time
// between callbacks (the event loop's own reads, writes and polls). async_hooks with promise tracking costs CPU of its
// own, so the shares between routes are the figure to read, not the total beside a run without it.
import { createHook, executionAsyncId } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import { watchStatements } from "./db/statement-watch";

export const UNATTRIBUTED = "(none)";
const SOCKETS = new Set(["TCPWRAP", "PIPEWRAP", "TLSWRAP", "TCPCONNECTWRAP", "PIPECONNECTWRAP"]);

export type RouteSpent = { micros: number; requests: number; statements: number };

export type RouteCpu = {
  /**
   * CPU microseconds, requests and statements sent to PostgreSQL per "METHOD /pattern" since the start, and per
   * "(none) TYPE" what no request started.
   */
  spent(): Map<string, RouteSpent>;
  stop(): void;
};

/** Charges the main thread's CPU to routes from `app`'s requests on; `spent` reads the totals. */
export function trackRouteCpu(app: FastifyInstance): RouteCpu {
  // process.threadCpuUsage is Node 23.9's: on an older 22 the whole process's time (worker threads too) stands in.
  const usage = typeof process.threadCpuUsage === "function" ? process.threadCpuUsage : process.cpuUsage;
  const threadMicros = () => {
    const spent = usage();
    return spent.user + spent.system;
  };
  const ownerOf = new Map<number, string>();
  const totals = new Map<string, RouteSpent>();
  const totalOf = (label: string) => {
    const total = totals.get(label) ?? { micros: 0, requests: 0, statements: 0 };
    totals.set(label, total);
    return total;
  };
  // The label being charged now, since when, and the labels of the callbacks this one runs inside.
  let current = UNATTRIBUTED;
  let since = threadMicros();
  const outer: string[] = [];
  const switchTo = (label: string) => {
    const now = threadMicros();
    totalOf(current).micros += now - since;
    current = label;
    since = now;
  };
  const hook = createHook({
    init(asyncId, type) {
      // Work no request started is named by the kind of resource that started it, and its continuations
      // inherit that. A socket is nobody's: a pooled database connection opened by one request serves
      // thousands, so its reads are the socket's, not the first request's.
      const owner = SOCKETS.has(type) ? undefined : ownerOf.get(executionAsyncId());
      ownerOf.set(asyncId, owner ?? `${UNATTRIBUTED} ${type}`);
    },
    before(asyncId) {
      outer.push(current);
      switchTo(ownerOf.get(asyncId) ?? UNATTRIBUTED);
    },
    after() {
      switchTo(outer.pop() ?? UNATTRIBUTED);
    },
    destroy(asyncId) {
      ownerOf.delete(asyncId);
    },
    promiseResolve(asyncId) {
      // A promise settles once: its reactions run under their own ids, inherited at their init.
      ownerOf.delete(asyncId);
    },
  });
  hook.enable();
  const unwatch = watchStatements(() => {
    totalOf(current).statements += 1;
  });
  app.addHook("onRequest", (request, _reply, done) => {
    const label = `${request.method} ${request.routeOptions.url ?? "unmatched"}`;
    // The request's own resource: what it starts from here inherits the label.
    ownerOf.set(executionAsyncId(), label);
    switchTo(label);
    totalOf(label).requests += 1;
    done();
  });
  return {
    spent() {
      switchTo(current);
      return new Map([...totals].map(([label, t]) => [label, { ...t }]));
    },
    stop() {
      hook.disable();
      unwatch();
    },
  };
}
