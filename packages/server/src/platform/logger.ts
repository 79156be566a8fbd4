// Logging: Fastify's pino, with every place a secret could appear redacted. JSON lines by default (a log
// collector's format); readable lines when the output is a terminal (LOG_FORMAT, platform/config.ts), written
// by pino-pretty as a stream in this process: no transport worker to load by module name.
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { LogFormat } from "./config";

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

type LogDestination = { write(line: string): void };

/**
 * An error as a log line shows it: its kind, message, code, stack and causes, never the other properties a
 * driver hangs on it (node-postgres' errors carry the client, its connection and the cancel key: 10 kB a line).
 */
export type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

export function safeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: "" };
  const { code } = error as { code?: unknown };
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? "",
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: safeError(error.cause, depth + 1) } : {}),
  };
}

/** Pino's options for Fastify: the level, the redaction, and where the lines go (stdout as JSON unless given). */
export function loggerOptions(level: string, stream?: LogDestination) {
  return {
    level,
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: { err: (error: Error) => safeError(error) },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Where the server's log lines go for a format: nothing (pino's own JSON lines on stdout) for "json"; for
 * "pretty", a pino-pretty stream writing readable lines to stdout (or `output`). Loaded only then, so a production process
 * never loads pino-pretty. Synchronous writes: the lines are few (warnings and errors by default) and the last
 * one before an exit (a failed start) is not lost.
 */
export async function logDestination(
  format: LogFormat,
  output: number | NodeJS.WritableStream = 1,
): Promise<LogDestination | undefined> {
  if (format === "json") return undefined;
  const { default: pretty } = await import("pino-pretty");
  return pretty({
    destination: output,
    sync: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
  });
}

/**
 * Fastify's two lines per request ("incoming request", "request completed") at debug instead of info, so the
 * log at info holds what happened to the game, not its traffic (LOG_LEVEL=debug brings them back). A request
 * that errored stays an error.
 */
export class RequestLogsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}

type WarnLog = Pick<FastifyBaseLogger, "warn">;

/**
 * A log for code that starts before Fastify's logger exists (the database): on stderr until `attach` hands it
 * the real logger; a JSON line, or a readable one when the log's format is "pretty".
 */
export function forwardingLog(format: LogFormat = "json") {
  let target: WarnLog | null = null;
  return {
    warn(obj: unknown, msg?: string) {
      if (target) return target.warn(obj, msg);
      const detail = String((obj as { err?: unknown })?.err ?? obj);
      if (format === "pretty") console.error(`WARN: ${msg ?? ""} ${detail}`.trim());
      else console.error(JSON.stringify({ level: "warn", msg, detail }));
    },
    attach(log: WarnLog) {
      target = log;
    },
  };
}
