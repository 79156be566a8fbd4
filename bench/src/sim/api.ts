// The contract, seen from a client: which of its routes the running server has, and one call of a route by
// its contract key with latency and status recorded under the route's pattern.
import { randomUUID } from "node:crypto";
import { type RouteSpec, routes } from "@bot-arena/contract";
import { type Answer, request, sessionCookieOf } from "../http";
import { type Metrics, NO_ANSWER } from "./metrics";

export type RouteKey = keyof typeof routes;

export const routeName = (spec: RouteSpec) => `${spec.method} ${spec.path}`;

/** `/api/bots/:id/train` with `{ id }` → `/api/bots/<id>/train`. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? randomUUID()));
}

/**
 * A route exists when the server answers anything but 404 to a request without a session: the route helper
 * checks the session before it looks up anything, so a registered player route answers 401.
 */
export async function detectRoutes(base: URL): Promise<Set<RouteKey>> {
  const present = new Set<RouteKey>();
  for (const [key, spec] of Object.entries(routes) as [RouteKey, RouteSpec][]) {
    if (spec.auth === "none" && spec.method !== "GET") {
      present.add(key); // the account routes: always there, and probing sign-up would create nothing useful
      continue;
    }
    const answer = await request(base, spec.method, fillPath(spec.path));
    if (answer.status !== 404) present.add(key);
  }
  return present;
}

export type Reply<T = unknown> = {
  status: number;
  /** Retry-After in seconds when the answer carried one (a 503 while no database primary answers). */
  retryAfter?: number;
  ok: boolean;
  data: T;
  /** `name=value` of the session cookie the answer set (after a sign-up or a sign-in), or null. */
  cookie: string | null;
};

/** Who calls: the server this player talks to and their session cookie. */
export type Caller = { base: URL; cookie?: string };

export type CallOptions = {
  params?: Record<string, string>;
  body?: unknown;
  query?: string;
  /** Sent as they are (the failover checker's Idempotency-Key). */
  headers?: Record<string, string>;
};

export type Api = {
  has(key: RouteKey): boolean;
  call<T = Record<string, unknown>>(caller: Caller, key: RouteKey, options?: CallOptions): Promise<Reply<T>>;
};

/** `metrics` is read at each call so the run can switch from its set-up figures to its play figures. */
export function createApi(present: Set<RouteKey>, metrics: () => Metrics): Api {
  return {
    has: (key) => present.has(key),
    async call<T>(caller: Caller, key: RouteKey, options: CallOptions = {}) {
      const spec: RouteSpec = routes[key];
      const path = fillPath(spec.path, options.params) + (options.query ? `?${options.query}` : "");
      const started = performance.now();
      let answer: Answer;
      try {
        answer = await request(caller.base, spec.method, path, {
          cookie: caller.cookie,
          body: options.body,
          headers: options.headers,
        });
      } catch {
        answer = { status: NO_ANSWER, body: "", setCookie: [] };
      }
      if (answer.shed) metrics().recordShed(routeName(spec));
      else metrics().record(routeName(spec), performance.now() - started, answer.status);
      let data: unknown = null;
      try {
        data = answer.body ? JSON.parse(answer.body) : null;
      } catch {
        data = answer.body;
      }
      const cookie = sessionCookieOf(answer.setCookie);
      return {
        status: answer.status,
        retryAfter: answer.retryAfter,
        ok: answer.status >= 200 && answer.status < 300,
        data: data as T,
        cookie,
      };
    },
  };
}
