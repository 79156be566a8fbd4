// A stop that loses no request behind a proxy. Node's server.close() closes every idle keep-alive connection at
// once, and nginx may be writing a request into one of them at that instant: it sees the connection reset after
// the request was sent and, for a POST, answers the player 502 (it repeats only idempotent methods). So while
// draining, idle connections are left for their peer to close, every answer says `Connection: close` (the
// proxy then drops that connection itself, after reading the answer), and only after `idleMs` (past the
// documented nginx block's upstream keepalive_timeout) are the idle ones left over closed: by then they are a
// browser's (which repeats a request on a reused connection that closed) or nobody's.
import type { FastifyInstance } from "fastify";

/** Past the documented nginx upstream's keepalive_timeout (2 s): its idle connections are gone by then. */
export const DRAIN_IDLE_MS = 3_000;

declare module "fastify" {
  interface FastifyInstance {
    drain: Drain;
  }
}

export type Drain = {
  /** True from the first signal: readiness answers 503 and answers say Connection: close. */
  readonly draining: boolean;
  /** Stops accepting, finishes what is in flight, closes live sockets (1001) and the app's hooks. */
  close(): Promise<void>;
};

export function installDrain(app: FastifyInstance, options: { idleMs: number }): Drain {
  let draining = false;
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });
  return {
    get draining() {
      return draining;
    },
    async close() {
      draining = true;
      const server = app.server;
      const closeIdle = server.closeIdleConnections.bind(server);
      // Node's close() and Fastify's both call it at once; held back here until the proxy had its turn.
      server.closeIdleConnections = () => {};
      const timer = setTimeout(closeIdle, options.idleMs);
      try {
        await app.close();
      } finally {
        clearTimeout(timer);
        server.closeIdleConnections = closeIdle;
      }
    },
  };
}
