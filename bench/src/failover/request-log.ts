// Every state change the checker's clients send carries an Idempotency-Key of its own, and each attempt is
// logged: the key, when it was sent and answered, and the status. A 503 (no primary) or a lost answer is retried
// with the same key, as the web client does, so a request whose COMMIT answer was lost is settled by the
// idempotency layer, never retried blind. A request ends acknowledged (2xx) or not (anything else, or still
// refused when its retry budget ran out).
import { randomUUID } from "node:crypto";
import { type RouteSpec, routes } from "@bot-arena/contract";
import type { Api, Caller, CallOptions, Reply, RouteKey } from "../sim/api";
import { NO_ANSWER } from "../sim/metrics";

export type Attempt = {
  key: string | null;
  route: RouteKey;
  started: number;
  ended: number;
  status: number;
  /** The server asked (its base URL), and the Retry-After it answered with, if any. */
  base: string;
  retryAfter?: number;
};
export type LoggedRequest = {
  playerId: string;
  key: string;
  route: RouteKey;
  acknowledged: boolean;
  status: number;
  attempts: number;
};

/** How long a client keeps retrying one request, with the same key, through a failover. */
const RETRY_BUDGET_MS = 60_000;
const retryable = (status: number) => status === 503 || status === NO_ANSWER;

export type RequestLog = {
  api: Api;
  attempts: Attempt[];
  requests: LoggedRequest[];
  /** Stops retrying: requests still refused end unacknowledged. */
  close(): void;
};

/** `playerOf` names the player a caller signs in as (the key belongs to that player). */
export function createRequestLog(inner: Api, playerOf: (caller: Caller) => string): RequestLog {
  const attempts: Attempt[] = [];
  const requests: LoggedRequest[] = [];
  let closed = false;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function attempt<T>(caller: Caller, route: RouteKey, options: CallOptions, key: string | null) {
    const started = performance.now();
    const reply = await inner.call<T>(caller, route, options);
    attempts.push({
      ...{ key, route, started, ended: performance.now(), status: reply.status },
      ...{ base: caller.base.href, retryAfter: reply.retryAfter },
    });
    return reply;
  }

  const api: Api = {
    has: (key) => inner.has(key),
    async call<T>(caller: Caller, route: RouteKey, options: CallOptions = {}): Promise<Reply<T>> {
      const spec: RouteSpec = routes[route];
      if (spec.method === "GET" || !caller.cookie) return attempt<T>(caller, route, options, null);
      const key = randomUUID();
      const keyed = { ...options, headers: { ...options.headers, "idempotency-key": key } };
      const giveUpAt = performance.now() + RETRY_BUDGET_MS;
      let tries = 0;
      let reply: Reply<T>;
      for (;;) {
        tries += 1;
        reply = await attempt<T>(caller, route, keyed, key);
        if (!retryable(reply.status) || closed || performance.now() > giveUpAt) break;
        await sleep(Math.min((reply.retryAfter ?? 1) * 1000, 1000) * (0.5 + Math.random() / 2));
      }
      requests.push({
        playerId: playerOf(caller),
        key,
        route,
        acknowledged: reply.ok,
        status: reply.status,
        attempts: tries,
      });
      return reply;
    },
  };
  return {
    api,
    attempts,
    requests,
    close: () => {
      closed = true;
    },
  };
}
