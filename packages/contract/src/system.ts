// The system routes' shapes: liveness, which also says loudly when the server runs on a test clock.
import { z } from "./zod";

export const healthResponse = z.object({
  ok: z.literal(true),
  /** TEST_CLOCK=on: deadlines run on the database's clock plus an offset tests move (never in production). */
  testClock: z.boolean(),
  /** The test clock's offset in milliseconds; null when the test clock is off. */
  testClockOffsetMs: z.number().int().nullable(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** Which build answers: the package version and, when known, the commit it was built from. */
const build = { version: z.string(), commit: z.string().nullable() };

/** GET /api/health/live: the event loop answers (nothing else is asked). */
export const liveResponse = z.object({ live: z.literal(true), ...build });
export type LiveResponse = z.infer<typeof liveResponse>;

/**
 * GET /api/health/ready: 200 with ready true only when the database answers within a bound, the live bus is
 * connected when one is configured, and the media store answers; otherwise 503 with ready false and each reason.
 */
export const readyResponse = z.object({
  ready: z.boolean(),
  /** Why not, in words ('the database did not answer within 2000 ms'); empty when ready. */
  reasons: z.array(z.string()),
  /** `setup`: no other process on this database uses another media store or live bus. */
  checks: z.object({ database: z.boolean(), bus: z.boolean(), media: z.boolean(), setup: z.boolean() }),
  ...build,
});
export type ReadyResponse = z.infer<typeof readyResponse>;

/** Prometheus' text exposition format (text/plain; version=0.0.4). */
export const metricsResponse = z.string();
