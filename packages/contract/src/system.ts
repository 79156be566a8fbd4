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

/** Prometheus' text exposition format (text/plain; version=0.0.4). */
export const metricsResponse = z.string();
