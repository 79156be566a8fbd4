// Overload that stays fast: past a bound on the event loop's delay, on how long the oldest request has waited
// for a database connection, or on the requests this process is already answering, a request is answered 503
// with Retry-After at once, on the raw socket before Fastify sees it, instead of joining a queue in which
// every answer comes late (at 1,000 simulated players on this 2-core machine, 600 requests waited for a pool
// connection and the p99 was 7.7 s). The first two see a queue only once it has formed: hundreds of requests
// read in one turn of the loop all find it calm and all join the pool's queue, so the count in flight is what
// bounds a burst. How many may be in flight follows the answers (slow start, additive increase, multiplicative
// decrease, as TCP does): an API answer slower than LOAD_SHED_LATENCY_MS shrinks it by as much as it was slow
// (a tenth to a half), at most once per SHRINK_EVERY_MS, and each faster one grows it, up to
// LOAD_SHED_IN_FLIGHT. A fixed count would be
// right for one machine only: when PostgreSQL gets a quarter of a core, forty requests in flight is a queue. What goes first
// is what costs a player least to repeat: reads (the page asks again; a live socket reconnects) and new
// sign-ins or sign-ups (hashing is the dearest work there is). A state change is refused only past twice the
// bound, when it would come too late to help anyone; once admitted, nothing is ever dropped, and the web
// client repeats a refused change with its Idempotency-Key. Health checks, the metrics and sign-out are never
// refused: an operator must see a process in trouble, and a player must be able to leave.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import { errorBodyOf, serviceUnavailable } from "./errors";

export type ShedKind = "read" | "sign_in" | "change";
export const shedKinds: readonly ShedKind[] = ["read", "sign_in", "change"];

export type LoadShedLimits = {
  /** LOAD_SHED_LOOP_DELAY_MS: the event loop's delay past which reads are refused; 0 ignores the loop. */
  loopDelayMs: number;
  /** LOAD_SHED_POOL_WAIT_MS: the oldest wait for a pool connection past which reads are refused; 0 ignores it. */
  poolWaitMs: number;
  /** LOAD_SHED_IN_FLIGHT: the most API requests in flight past which reads are refused; 0 ignores the count. */
  inFlight: number;
  /** LOAD_SHED_LATENCY_MS: an API answer slower than this shrinks how many may be in flight. */
  latencyMs: number;
};

const NEVER = new Set([
  "/api/health",
  "/api/health/live",
  "/api/health/ready",
  "/api/admin/metrics",
  "/api/auth/sign-out",
]);
const SIGN_INS = new Set(["/api/auth/sign-in", "/api/auth/sign-up"]);
/** A live socket's upgrade is a read to refuse, but not a request in flight: it lasts as long as the socket. */
const LIVE_SOCKET = "/api/live";
/** The in-flight limit shrinks at most this often (one slow turn ends many requests at once) and never below. */
const SHRINK_EVERY_MS = 100;
const MIN_IN_FLIGHT = 2;

/**
 * Requests that count in flight and teach the limit: the API's but a live socket (it lasts) and sign-ins
 * (their time is the hash lanes', which have their own bound). Media streams take as long as the file.
 */
const countsInFlight = (kind: ShedKind, path: string) =>
  kind !== "sign_in" && path.startsWith("/api/") && path !== LIVE_SOCKET;

const pathOf = (url: string | undefined) => (url ?? "/").split("?", 1)[0]!;

/** The refusal, built once: it is sent hundreds of times a second when the process is past its bound. */
const REFUSAL_BODY = JSON.stringify(errorBodyOf(serviceUnavailable()));
const refusalHeaders = (kind: ShedKind) => ({
  "content-type": "application/json; charset=utf-8",
  "content-length": String(Buffer.byteLength(REFUSAL_BODY)),
  "retry-after": "1",
  "x-load-shed": kind,
});
/** The same refusal written on a socket that asked for an upgrade (no response object exists for it). */
const rawRefusal = (kind: ShedKind) =>
  `HTTP/1.1 503 Service Unavailable\r\n${Object.entries(refusalHeaders(kind))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}connection: close\r\n\r\n${REFUSAL_BODY}`;

/**
 * Puts `pass` in front of the server's own listeners for `event`: a refused request is answered on the raw
 * socket before Fastify builds a request, runs a hook or serializes an error: at 2,000 simulated players four
 * requests in five are refused, and each one refused costs the ones admitted less CPU this way.
 */
function gate<Args extends unknown[]>(
  server: Server,
  event: "request" | "upgrade",
  pass: (...args: Args) => boolean,
) {
  const listeners = server.listeners(event) as ((...args: Args) => void)[];
  server.removeAllListeners(event);
  server.on(event, (...args: unknown[]) => {
    if (!pass(...(args as Args))) return;
    for (const listener of listeners) listener.apply(server, args as Args);
  });
}

/** What a request is to the shedder; null for one it never refuses (the web app's files, health, sign-out). */
export function shedKindOf(method: string, url: string): ShedKind | null {
  const path = pathOf(url);
  if (!path.startsWith("/api/") && !path.startsWith("/media/")) return null;
  if (NEVER.has(path)) return null;
  if (method === "GET" || method === "HEAD") return "read";
  return SIGN_INS.has(path) ? "sign_in" : "change";
}

/** Pressure 1 is the bound: reads and sign-ins are refused from 1, state changes from 2. */
export function refuses(kind: ShedKind, pressure: number): boolean {
  return kind === "change" ? pressure >= 2 : pressure >= 1;
}

/** How often the loop's delay is sampled, and how much of a delay seen is still counted at the next sample. */
const SAMPLE_MS = 25;
const CARRY = 0.75;

/**
 * How many API requests may be in flight, taught by their answers: it starts at 2 and moves as the header says.
 */
export function createInFlightLimit(options: { max: number; latencyMs: number }) {
  let limit = MIN_IN_FLIGHT;
  // Until the first slow answer each fast one adds a whole request (the limit doubles per round of answers):
  // a start meets every player's first request at once, and a limit that began high let them all in.
  let slowStart = true;
  let shrunkAt = Number.NEGATIVE_INFINITY;
  return {
    now: () => limit,
    /**
     * One answer took `ms`; `at` is when it ended (performance.now()), `busy` how many were in flight with it.
     * A slow answer while few others ran says nothing of a queue (one dear route, a slow query): only one that
     * ran beside at least half the limit shrinks it.
     */
    answered(ms: number, at: number, busy: number) {
      if (ms <= options.latencyMs) {
        // Slow start ends at a quarter of the most too: past it, a burst that met a cold process (code not yet
        // compiled, caches empty) would already be in before the first slow answer said so.
        if (limit + 1 > options.max / 4) slowStart = false;
        limit = Math.min(options.max, limit + (slowStart ? 1 : 1 / limit));
      } else if (busy >= limit / 2 && at - shrunkAt >= SHRINK_EVERY_MS) {
        slowStart = false;
        // As much smaller as the answer was slow, at most halved: a queue that formed in one burst is gone
        // in a few steps instead of a second of tenths.
        limit = Math.max(MIN_IN_FLIGHT, limit * Math.max(0.5, Math.min(0.9, options.latencyMs / ms)));
        shrunkAt = at;
      }
    },
  };
}

export type LoadShed = ReturnType<typeof installLoadShed>;

declare module "fastify" {
  interface FastifyInstance {
    loadShed: LoadShed;
  }
}

export function installLoadShed(
  app: FastifyInstance,
  options: { limits: LoadShedLimits; poolWaitMs: () => number },
) {
  const { loopDelayMs, poolWaitMs, inFlight: inFlightMax, latencyMs } = options.limits;
  let inFlight = 0;
  const limit = createInFlightLimit({ max: inFlightMax, latencyMs });
  const shed: Record<ShedKind, number> = { read: 0, sign_in: 0, change: 0 };
  // The loop's delay: how late a timer fires. A stall counts at once (the timer fires right after it, before the
  // requests that queued up are read) and fades over a few samples, so one slow tick does not shed for long.
  let loopDelay = 0;
  let expected = performance.now() + SAMPLE_MS;
  const sampler = setInterval(() => {
    const now = performance.now();
    loopDelay = Math.max(now - expected, loopDelay * CARRY);
    expected = now + SAMPLE_MS;
  }, SAMPLE_MS);
  sampler.unref();
  app.addHook("onClose", async () => clearInterval(sampler));

  const pressure = () =>
    Math.max(
      loopDelayMs > 0 ? loopDelay / loopDelayMs : 0,
      poolWaitMs > 0 ? options.poolWaitMs() / poolWaitMs : 0,
      inFlightMax > 0 ? inFlight / limit.now() : 0,
    );

  if (loopDelayMs > 0 || poolWaitMs > 0 || inFlightMax > 0) {
    const refuse = (kind: ShedKind | null) => {
      if (kind === null || !refuses(kind, pressure())) return false;
      shed[kind] += 1;
      return true;
    };
    const admit = (kind: ShedKind, path: string, res: ServerResponse) => {
      if (!countsInFlight(kind, path)) return;
      inFlight += 1;
      const started = performance.now();
      // 'close' comes once the answer is sent or the client went away, whichever it was.
      res.once("close", () => {
        limit.answered(performance.now() - started, performance.now(), inFlight);
        inFlight -= 1;
      });
    };
    // Every plugin has added its listeners by now (the live socket's 'upgrade' among them).
    app.addHook("onReady", async () => {
      gate(app.server, "request", (req: IncomingMessage, res: ServerResponse) => {
        const path = pathOf(req.url);
        const kind = shedKindOf(req.method ?? "GET", path);
        if (refuse(kind)) {
          res.writeHead(503, refusalHeaders(kind!)).end(REFUSAL_BODY);
          return false;
        }
        if (kind !== null) admit(kind, path, res);
        return true;
      });
      gate(app.server, "upgrade", (req: IncomingMessage, socket: Duplex) => {
        const kind = shedKindOf(req.method ?? "GET", pathOf(req.url));
        if (!refuse(kind)) return true;
        socket.end(rawRefusal(kind!));
        return false;
      });
    });
  }

  return {
    /** The load now, as a share of the bound (1 = reads are refused). */
    pressure,
    /** API requests being answered now (admitted, not yet ended). */
    inFlight: () => inFlight,
    /** How many may be in flight now, as the answers taught it. */
    limit: () => limit.now(),
    /** Requests refused so far, by kind. */
    shed: () => ({ ...shed }),
  };
}
