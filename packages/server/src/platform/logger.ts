// Logging: Fastify's pino, with every place a secret could appear redacted.
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

export const redactedPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "headers.cookie",
  "body.password",
  "*.password",
  "*.passwordHash",
  "*.token",
];

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return { level, redact: { paths: redactedPaths, censor: "[redacted]" } };
}

type WarnLog = Pick<FastifyBaseLogger, "warn">;

/**
 * A log for code that starts before Fastify's logger exists (the database): JSON lines on stderr until
 * `attach` hands it the real logger.
 */
export function forwardingLog() {
  let target: WarnLog | null = null;
  return {
    warn(obj: unknown, msg?: string) {
      if (target) target.warn(obj, msg);
      else
        console.error(
          JSON.stringify({ level: "warn", msg, detail: String((obj as { err?: unknown })?.err ?? obj) }),
        );
    },
    attach(log: WarnLog) {
      target = log;
    },
  };
}
