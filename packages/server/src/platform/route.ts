import { timingSafeEqual } from "node:crypto";
// Registers one HTTP route from its contract RouteSpec: session and admin checks per `auth`, zod validation of
// params, query and body, typed handler context. Feature routes.ts files are a list of these calls.
import { authMessages, IDEMPOTENCY_KEY_HEADER, type RouteSpec } from "@bot-arena/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { SESSION_COOKIE, type Sessions, type SessionUser } from "./auth/session";
import { AppError } from "./errors";
import type { IdempotentRequests } from "./idempotency/requests";
import { EXPENSIVE_READ_COST, type RequestLimits } from "./limits/request-limits";
import { TEST_SEED_HEADER, withInjectedSeed } from "./test-seeds";

type Parsed<S, K extends string> = S extends { [P in K]: infer T extends z.ZodType }
  ? z.output<T>
  : undefined;

export type RouteContext<S extends RouteSpec> = {
  body: Parsed<S, "body">;
  query: Parsed<S, "query">;
  params: Parsed<S, "params">;
  /** The signed-in player on "player" and "admin" routes; null on public ones (no session lookup is made). */
  user: S["auth"] extends "none" ? null : SessionUser;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type RouteHandler<S extends RouteSpec> = (ctx: RouteContext<S>) => Promise<z.input<S["response"]>>;

export type RouteOptions = {
  /** Per-address limit for this route (e.g. sign-in), answered with 429 RATE_LIMITED and Retry-After. */
  rateLimit?: { max: number; timeWindowMs: number };
  /**
   * A player's read of a list over the whole game (other players' rows) or of a page of their history: charged
   * EXPENSIVE_READ_COST requests of the player's rate instead of 1. Reads of the player's own few rows (`/api/me`,
   * the roster), which every page makes and live events refresh, stay at 1.
   */
  expensiveRead?: boolean;
  /**
   * A token that stands in for the session (`Authorization: Bearer <token>`): a scraper such as Prometheus has
   * no cookie, and asks nothing of the database, so the route answers while the database is down. Null: none.
   */
  bearer?: string | null;
};

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(String(request.headers.authorization ?? ""));
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The spec's refusal for a player on an admin route. */
export const adminRequiredMessage = "Unauthorized: Admin access required";

/** First issue's message as the message; every field's first message in `fields`. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return new AppError(400, "VALIDATION_FAILED", error.issues[0]?.message ?? "Invalid input", fields);
}

export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** A response that breaks the contract is a server bug: the web app would break on it. */
function assertMatchesContract(spec: RouteSpec, result: unknown): void {
  const checked = spec.response.safeParse(result);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(
      `${spec.method} ${spec.path} answered outside its contract at ${issue?.path.join(".") || "(root)"}: ${issue?.message}`,
    );
  }
}

/** A signed-in player or a 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, "NOT_AUTHENTICATED", authMessages.notAuthenticated);
  return request.user;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The session manager, decorated by buildApp; the route helper asks it who is calling. */
    sessions: Sessions;
    /** CHECK_RESPONSES (on in tests): every answer is parsed with its spec's response schema. */
    checkResponses: boolean;
    /** TEST_BATTLE_SEEDS: a request's x-test-battle-seed header fixes its battles' seeds (test-seeds.ts). */
    testBattleSeeds: boolean;
    /** Per-player and per-address request limits over the shared counter store. */
    requestLimits: RequestLimits;
    /** State changes sent with an Idempotency-Key act once (platform/idempotency/). */
    idempotentRequests: IdempotentRequests;
  }
}

/**
 * Gives a slot back when the answer is sent ('finish') or the client left first ('close'). A slot granted after
 * the client left would wait for a 'close' already emitted: it goes back at once.
 */
export function releaseWhenDone(reply: FastifyReply, release: () => void): void {
  if (reply.raw.closed || reply.raw.destroyed) {
    release();
    return;
  }
  reply.raw.once("finish", release);
  reply.raw.once("close", release);
}

/** Registers `spec` on `app` with `handler`; the only way feature routes are declared. */
export function route<S extends RouteSpec>(
  app: FastifyInstance,
  spec: S,
  handler: RouteHandler<S>,
  options: RouteOptions = {},
): void {
  // Public routes have no player rate to charge, and a state change is not a read.
  if (options.expensiveRead && (spec.method !== "GET" || spec.auth === "none")) {
    throw new Error(`${spec.method} ${spec.path}: expensiveRead is for a signed-in player's GET`);
  }
  const cost = options.expensiveRead ? EXPENSIVE_READ_COST : 1;
  app.route({
    method: spec.method,
    url: spec.path,
    preHandler: async (request, reply) => {
      if (options.rateLimit) {
        await app.requestLimits.admitAddress(spec.path, request.ip, options.rateLimit, reply);
      }
      if (spec.auth === "none") return;
      if (options.bearer && bearerMatches(request, options.bearer)) return;
      const holdUntilDone = (release: () => void) => releaseWhenDone(reply, release);
      const token = request.cookies[SESSION_COOKIE];
      if (token) holdUntilDone(await app.requestLimits.admitSession(token, reply));
      const session = await app.sessions.authenticate(request, reply);
      request.user = session;
      const user = requireUser(request);
      if (spec.auth === "admin" && !user.isAdmin) {
        throw new AppError(403, "FORBIDDEN", adminRequiredMessage);
      }
      holdUntilDone(await app.requestLimits.admitPlayer(user.id, reply, token, cost));
      if (spec.method === "GET") holdUntilDone(await app.requestLimits.admitRead(user.id, reply));
    },
    handler: async (request, reply) => {
      // Personal answers (and anything answering a state change) must not sit in a shared cache; a handler
      // that knows better (an image, say) sets its own.
      if (spec.auth !== "none" || spec.method !== "GET") reply.header("cache-control", "private, no-store");
      // A player's state change with a key acts once per key; public routes (sign-up, sign-in) have no player
      // to keep keys for and ignore the header.
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (key !== undefined && request.user && spec.method !== "GET") {
        return app.idempotentRequests.run(request, reply, request.user.id, key, () => answer(request, reply));
      }
      return answer(request, reply);
    },
  });

  async function answer(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const ctx = {
      params: spec.params ? parseWith(spec.params, request.params) : undefined,
      query: spec.query ? parseWith(spec.query, request.query) : undefined,
      // A missing body is checked as {}, so the client hears which field is required.
      body: spec.body ? parseWith(spec.body, request.body ?? {}) : undefined,
      user: request.user,
      request,
      reply,
    } as RouteContext<S>;
    const result = app.testBattleSeeds
      ? await withInjectedSeed(request.headers[TEST_SEED_HEADER], () => handler(ctx))
      : await handler(ctx);
    if (app.checkResponses) assertMatchesContract(spec, result);
    return result;
  }
}
