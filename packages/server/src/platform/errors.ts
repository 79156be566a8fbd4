// Every refusal is an AppError and leaves as {"error":{"code","message"}}; anything else unexpected becomes a
// logged 500 with a generic message, and input that only a database check caught still answers 4xx.
import type { ErrorBody, ErrorCode } from "@bot-arena/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isConnectionError, pgCodes, pgErrorOf } from "./db/pg-error";

/**
 * Builds an error without capturing its stack: for refusals the client caused (a 4xx, a full queue), answered
 * and forgotten, whose stack nobody reads. Capturing one costs about 4 µs on Fastify's deep call stacks, which a
 * flood of 401s and 429s pays on every request. Bugs (5xx) keep theirs. (AppError does the same inline: a
 * constructor cannot hand its `super` call to a function.)
 */
export function withoutStack<T>(make: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** What refused a request with 429, as the metrics name it (bot_arena_rate_limited_total). */
export const limiters = [
  "player_rate",
  "player_concurrency",
  "address",
  "password_lanes",
  "sign_in_guessing",
  "upload_quota",
  "chat_pace",
  "media",
] as const;
export type Limiter = (typeof limiters)[number];

/** The limiter that refused each request answered 429 (read by the metrics' onResponse hook). */
export const limitedBy = new WeakMap<FastifyRequest, Limiter>();

export class AppError extends Error {
  /** Set on a 429: which limit refused (rateLimited). */
  limiter?: Limiter;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = "AppError";
  }
}

/** 429 RATE_LIMITED from `limiter`, with Retry-After in whole seconds when the wait is known. */
export function rateLimited(
  limiter: Limiter,
  message: string,
  retry?: { reply: FastifyReply; inMs: number },
): AppError {
  if (retry) retry.reply.header("retry-after", String(retryAfterSeconds(retry.inMs)));
  const error = new AppError(429, "RATE_LIMITED", message);
  error.limiter = limiter;
  return error;
}

/** A wait as Retry-After gives it: whole seconds, at least 1. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export const notFound = (message = "Not found") => new AppError(404, "NOT_FOUND", message);
export const forbidden = (message = "Not allowed") => new AppError(403, "FORBIDDEN", message);
export const conflict = (message: string) => new AppError(409, "CONFLICT", message);
export const badRequest = (message: string) => new AppError(400, "BAD_REQUEST", message);
export const serviceUnavailable = () =>
  new AppError(503, "SERVICE_UNAVAILABLE", "The game is briefly unavailable, please try again in a moment");

/** Status codes Fastify and its plugins raise on bad input, with what we tell the client. */
const fastifyStatus: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: "BAD_REQUEST", message: "Bad request" },
  401: { code: "NOT_AUTHENTICATED", message: "Not authenticated" },
  403: { code: "FORBIDDEN", message: "Not allowed" },
  404: { code: "NOT_FOUND", message: "Not found" },
  413: { code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" },
  415: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Unsupported content type: send application/json" },
  429: { code: "RATE_LIMITED", message: "Too many requests, please try again later" },
};

const fastifyCodeMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Request body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body is empty",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Request body length does not match its Content-Length",
};

/** Database refusals that only bad or racing input can cause: answered as 4xx, never as a crash. */
function fromDatabase(error: unknown): AppError | null {
  const pgError = pgErrorOf(error);
  switch (pgError?.code) {
    case pgCodes.invalidTextRepresentation:
    case pgCodes.numericOutOfRange:
    case pgCodes.characterNotInRepertoire:
    case pgCodes.untranslatableCharacter:
      return badRequest("Invalid input");
    case pgCodes.uniqueViolation:
      return conflict("This conflicts with something that already exists");
    case pgCodes.foreignKeyViolation:
    case pgCodes.restrictViolation:
      // The spec's client recognises "foreign key" in this message (recycling a bot held by a tournament).
      return conflict("Blocked by a foreign key: the item is still in use");
    case pgCodes.checkViolation:
      return conflict("That change would break a rule of the game");
    default:
      return null;
  }
}

export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const known = fastifyStatus[status] ?? fastifyStatus[400]!;
    const message = (fastifyError.code && fastifyCodeMessages[fastifyError.code]) || known.message;
    const isJsonSyntax = error instanceof SyntaxError;
    return new AppError(status, known.code, isJsonSyntax ? "Request body is not valid JSON" : message);
  }
  // A lost database connection is not a bug: the client may retry, and the pool reconnects by itself.
  if (isConnectionError(error)) return serviceUnavailable();
  return fromDatabase(error);
}

export function errorBodyOf(error: AppError): ErrorBody {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.fields) body.error.fields = error.fields;
  return body;
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body = errorBodyOf(error);
  if (error.limiter) limitedBy.set(reply.request, error.limiter);
  if (error.status === 503) reply.header("retry-after", "1");
  return reply.code(error.status).type("application/json; charset=utf-8").send(body);
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot take apart (bad percent-encoding, a path parameter over
 * its length limit) is refused in our error shape rather than Fastify's own.
 */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, badRequest("Bad request"));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // What an operator needs to find the request and who made it (the line's reqId is its X-Request-Id).
    const where = (status: number) => ({
      err: error,
      method: request.method,
      url: request.url,
      route: request.routeOptions.url ?? null,
      status,
      userId: request.user?.id ?? null,
    });
    const appError = toAppError(error);
    if (appError) {
      if (appError.status >= 500)
        request.log.warn(where(appError.status), "database unavailable or transaction rolled back");
      else if (!(error instanceof AppError)) request.log.info({ err: error }, "request refused");
      return sendError(reply, appError);
    }
    request.log.error(where(500), "unexpected error");
    return sendError(reply, new AppError(500, "INTERNAL", "Something went wrong on our side"));
  });
}
