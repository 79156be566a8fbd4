// Liveness (the old /api/health, and /api/health/live with the build), readiness, the process's figures for operators (admin only), the machine-readable contract, and (under TEST_CLOCK=on only) the test clock's control and who has a live socket.
import { type ReadyResponse, routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { buildInfo } from "../../platform/build-info";
import type { Clock, TestClockControl } from "../../platform/clock";
import { buildOpenApi } from "../../platform/openapi";
import { parseWith, route } from "../../platform/route";

/** The longest single move of the test clock: 30 days, more than any deadline in the game. */
export const TEST_CLOCK_MAX_ADVANCE_MS = 30 * 24 * 60 * 60 * 1000;

const advanceMessage = `Send {"advanceMs": N}, N a whole number of milliseconds from 1 to ${TEST_CLOCK_MAX_ADVANCE_MS} (30 days)`;

/** POST /api/test/clock's body. Not in the contract: the route exists only on a server under TEST_CLOCK=on. */
export const testClockBody = z.object(
  {
    advanceMs: z
      .number({ error: advanceMessage })
      .int(advanceMessage)
      .min(1, advanceMessage)
      .max(TEST_CLOCK_MAX_ADVANCE_MS, advanceMessage),
  },
  { error: advanceMessage },
);

export type TestClockResponse = { now: string; offsetMs: number };

/** GET /api/test/presence's query: the player whose live sockets a journey waits on. */
const testPresenceQuery = z.object({ username: z.string().min(1).max(100) });

export function systemRoutes(
  app: FastifyInstance,
  deps: {
    clock: Clock;
    testClock: TestClockControl | null;
    runDeadlines: () => Promise<unknown>;
    /** Whether the player has a live socket on any process (platform/live/presence.ts), for the test route. */
    isPresent: (username: string) => Promise<boolean>;
    readiness: () => Promise<ReadyResponse>;
    /** METRICS_TOKEN: a scraper's bearer token for the metrics, besides an admin's session. */
    metricsToken: string | null;
  },
): void {
  const { testClock } = deps;
  route(app, routes.health, async () => ({
    ok: true as const,
    testClock: testClock !== null,
    testClockOffsetMs: testClock?.offsetMs() ?? null,
  }));

  route(app, routes.healthLive, async ({ reply }) => {
    reply.header("cache-control", "no-store");
    return { live: true as const, ...buildInfo() };
  });

  route(app, routes.healthReady, async ({ reply }) => {
    const answer = await deps.readiness();
    reply.header("cache-control", "no-store");
    if (!answer.ready) reply.code(503).header("retry-after", "5");
    return answer;
  });

  route(
    app,
    routes.metrics,
    async ({ reply }) => {
      reply.header("content-type", app.metrics.contentType);
      return app.metrics.render();
    },
    { bearer: deps.metricsToken },
  );

  let document: unknown = null;
  app.get("/api/openapi.json", async () => {
    document ??= buildOpenApi(routes);
    return document;
  });

  // Without TEST_CLOCK=on this route does not exist (404): nothing in production can move time.
  if (testClock) {
    app.post("/api/test/clock", async (request, reply): Promise<TestClockResponse> => {
      const { advanceMs } = parseWith(testClockBody, request.body ?? {});
      const { offsetMs } = await testClock.advance(advanceMs);
      // Whatever fell due in the jump moves before the answer, so the caller looks at the state after it.
      await deps.runDeadlines();
      reply.header("cache-control", "no-store");
      return { now: deps.clock.now().toISOString(), offsetMs };
    });
    // A journey's barrier: a tab closed in the browser is gone for the server only once its socket's close was
    // handled, which no page shows; push-when-away journeys wait on this rather than on time.
    app.get("/api/test/presence", async (request, reply) => {
      const { username } = parseWith(testPresenceQuery, request.query ?? {});
      reply.header("cache-control", "no-store");
      return { live: await deps.isPresent(username) };
    });
  }
}
