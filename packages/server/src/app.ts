// The app factory: a Fastify instance over a given config and database, with nothing global, so tests build
// as many as they like. main.ts owns the process (listen, signals); the caller owns the database.
import { randomUUID } from "node:crypto";
import cookie from "@fastify/cookie";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { createServices, registerFeatures } from "./features";
import { guildChatGuard } from "./features/chat/guild-members";
import { chatUnreadDigest } from "./features/chat/unread-digest";
import { installOriginGuard } from "./platform/auth/origin-guard";
import { createPasswordHasher, type PasswordHasher } from "./platform/auth/password-hasher";
import { createSessions } from "./platform/auth/session";
import { type Clock, createDatabaseClock, databaseClockSource } from "./platform/clock";
import type { Config } from "./platform/config";
import type { Database } from "./platform/db/database";
import { setLockOrderPolicy } from "./platform/db/locks";
import { DRAIN_IDLE_MS, installDrain } from "./platform/drain";
import { createEconomyWatch } from "./platform/economy-watch";
import { frameworkErrors, installErrorHandler, limitedBy } from "./platform/errors";
import { createIdempotentRequests } from "./platform/idempotency/requests";
import { createMediaLimits, type MediaLimits } from "./platform/limits/media-limits";
import { createRequestLimits } from "./platform/limits/request-limits";
import { limitStoresFor } from "./platform/limits/store";
import { createLiveHub } from "./platform/live/hub";
import { createPresence, type Presence } from "./platform/live/presence";
import { publishAll } from "./platform/live/publish";
import { liveSocketRoute } from "./platform/live/socket";
import { installLoadShed } from "./platform/load-shed";
import { loggerOptions, RequestLogsAtDebug } from "./platform/logger";
import { openMediaStore } from "./platform/media/open";
import { registerMediaRoute } from "./platform/media/serve";
import type { MediaStore } from "./platform/media/store";
import { createProcessMetrics, OVERDUE_MS, type ProcessMetrics } from "./platform/metrics";
import type { Platform } from "./platform/platform";
import { createReadiness } from "./platform/readiness";
import { createReconciler, type Reconciler } from "./platform/reconciler";
import { trackRouteCpu } from "./platform/route-cpu";
import { installSecurityHeaders } from "./platform/security-headers";
import { createSetupAgreement, setupOf } from "./platform/setup-agreement";
import { hasWebApp, notFoundHandler, registerWebApp, webPagesOf } from "./platform/web";

declare module "fastify" {
  interface FastifyInstance {
    /** The deadline reconciler (platform/reconciler.ts); tests call `runOnce()` after moving their clock. */
    reconciler: Reconciler;
    /** Which players have a live socket on this process, in the shared table (platform/live/presence.ts). */
    presence: Presence;
    /** This process's figures for GET /api/admin/metrics (platform/metrics.ts). */
    metrics: ProcessMetrics;
    /** Password hashing on worker threads, in lanes with a bound (platform/auth/password-hasher.ts). */
    passwords: PasswordHasher;
    /** The media store (platform/media/): main.ts seeds through it, tests look into it. */
    media: MediaStore;
    /** /media's limits for requests without a session (platform/limits/media-limits.ts). */
    mediaLimits: MediaLimits;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  /** Default: the database's clock (platform/clock.ts). Tests pass a manual one; not with TEST_CLOCK=on. */
  clock?: Clock;
  /**
   * Fastify's logger option; default pino's JSON lines at config.logLevel with secrets redacted (main.ts passes
   * the readable stream on a terminal). Tests pass false.
   */
  logger?: FastifyServerOptions["logger"];
};

/** A proxy's request id is kept when it is short and plain; anything else gets an id of ours. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
export function requestIdOf(header: string | string[] | undefined, behindProxy: boolean): string {
  return behindProxy && typeof header === "string" && PROXY_REQUEST_ID.test(header) ? header : randomUUID();
}

/** JSON bodies larger than this are refused with 413: nothing in the game needs more. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  if (config.testClock && options.clock) {
    throw new Error("TEST_CLOCK=on moves the database clock: pass no clock of your own");
  }
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    // Each request's two lines at debug, not info (platform/logger.ts).
    logController: new RequestLogsAtDebug(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // While draining on SIGTERM, a request arriving on an open keep-alive connection is served (and told
    // Connection: close) instead of getting Fastify's bare 503 outside our error shape; the database stays
    // open until the drain ends (main.ts), and no new connections are accepted.
    return503OnClosing: false,
    // Unique across processes and restarts (a counter per process was not); a trusted proxy's X-Request-Id is
    // kept, so one id follows a request from nginx's log into ours. Sent back as X-Request-Id.
    genReqId: (request) => requestIdOf(request.headers["x-request-id"], config.trustProxy !== false),
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // Idle connections wait for the proxy's keepalive_timeout (2 s in docs/operations.md) before they are closed.
  const drain = installDrain(app, { idleMs: Math.min(DRAIN_IDLE_MS, config.shutdownGraceMs / 2) });
  app.decorate("drain", drain);
  // In front of Fastify itself: a refused request costs no hook, no session lookup and no query.
  const loadShed = installLoadShed(app, {
    limits: config.loadShed,
    poolWaitMs: () => database.poolUse()?.oldestWaitMs ?? 0,
  });
  app.decorate("loadShed", loadShed);
  const setupAgreement = createSetupAgreement({
    db: database.db,
    self: setupOf(config),
    place: () => {
      const address = app.server.address();
      const where =
        address && typeof address === "object" ? `${address.address}:${address.port}` : "starting";
      return `${where}, pid ${process.pid}`;
    },
    onError: (error) => app.log.warn({ err: error }, "could not write this process's setup"),
  });
  app.addHook("onReady", () => setupAgreement.start());
  app.addHook("preClose", () => setupAgreement.stop());

  // Deadlines read the database's clock (plus the test offset under TEST_CLOCK=on), measured before the server
  // listens: the first onReady hook, ahead of the reconciler's start and the guild-war muster.
  const databaseClock = options.clock
    ? null
    : createDatabaseClock({
        source: databaseClockSource(database.db),
        testClock: config.testClock,
        log: app.log,
      });
  const clock: Clock = options.clock ?? databaseClock!;
  if (databaseClock) {
    app.addHook("onReady", () => databaseClock.start());
    app.addHook("onClose", () => databaseClock.stop());
  }
  if (config.testClock) {
    app.log.warn(
      "TEST_CLOCK=on: the clock is the database's plus an offset that POST /api/test/clock moves; never in production",
    );
  }

  if (config.push.testEndpoints) {
    app.log.warn(
      "PUSH_TEST_ENDPOINTS=on: push subscriptions may name loopback and private http endpoints; never in production",
    );
  }

  if (config.testRunnerKill) {
    app.log.warn(
      `TEST_RUNNER_KILL=${config.testRunnerKill}: this process kills itself inside a step; never in production`,
    );
  }
  // The app's policy, on the handle it serves (apps sharing one handle must agree; tests build strict ones).
  setLockOrderPolicy(
    database.db,
    config.lockOrder === "strict"
      ? { mode: "strict" }
      : { mode: "warn", report: (error) => app.log.error({ err: error }, "lock order broken") },
  );
  const sessions = createSessions({
    db: database.db,
    clock,
    config,
    trust: database.bus.trust,
    barrier: database.bus.barrier,
  });
  const media = await openMediaStore({ db: database.db, s3: config.mediaS3, cache: config.mediaCache });
  app.addHook("onClose", () => media.close());
  const reconciler = createReconciler({
    db: database.db,
    clock,
    log: app.log,
    intervalMs: config.reconcilerIntervalMs,
    ...(config.testRunnerKill ? { beforeCommit: killBeforeCommitOf(config.testRunnerKill) } : {}),
  });
  const platform: Platform = {
    db: database.db,
    config,
    clock,
    testClock: databaseClock?.testClock ?? null,
    media,
    sessions,
    log: app.log,
    reconciler,
    redis: database.redis,
    readiness: createReadiness({
      db: database.db,
      bus: database.bus,
      media,
      stopping: () => drain.draining,
      disagreements: () => setupAgreement.disagreements(),
    }),
  };
  // Three keep-alives, as the watcher counts: a process that stops renewing is gone.
  const presence = createPresence({ db: database.db, ttlMs: config.liveHeartbeatMs * 3, log: app.log });
  app.decorate("presence", presence);
  const hub = createLiveHub({
    presence,
    bus: database.bus,
    log: app.log,
    heartbeatMs: config.liveHeartbeatMs,
    observe: sessions.observe,
    onResync: sessions.resynced,
    sessionsAlive: sessions.alive,
    digests: [chatUnreadDigest],
    announce: (events) => publishAll(database.db, events),
    guards: [guildChatGuard(database.db)],
  });

  app.decorateRequest("user", null);
  app.decorate("sessions", sessions);
  app.decorate("live", hub);
  const requestLimits = createRequestLimits({ ...limitStoresFor(database), config });
  app.decorate("requestLimits", requestLimits);
  // The last counted hits reach the shared table before the database closes (the caller closes it after).
  app.addHook("onClose", () => requestLimits.playerRate.stop());
  const passwords = createPasswordHasher(config);
  app.decorate("passwords", passwords);
  app.addHook("onClose", () => passwords.close());
  app.decorate("idempotentRequests", createIdempotentRequests({ db: database.db, clock, log: app.log }));
  app.decorate("checkResponses", config.checkResponses);
  app.decorate("testBattleSeeds", config.testBattleSeeds);
  app.decorate("reconciler", reconciler);
  app.decorate("media", media);
  const routeCpu = config.metricsRouteCpu === "on" ? trackRouteCpu(app) : null;
  if (routeCpu) app.addHook("onClose", async () => routeCpu.stop());
  const metrics = createProcessMetrics({
    poolUse: database.poolUse,
    liveSockets: hub.connectionCount,
    liveBus: () => ({ kind: database.bus.kind, ...database.bus.stats() }),
    hashing: () => passwords.stats(),
    runner: () => reconciler.stats(),
    loadShed,
    overdue: () => reconciler.overdue(OVERDUE_MS),
    routeCpu: routeCpu?.spent,
  });
  app.decorate("metrics", metrics);
  app.addHook("onResponse", (request, reply, done) => {
    metrics.record(
      reply.statusCode,
      reply.elapsedTime,
      { method: request.method, url: request.routeOptions.url },
      limitedBy.get(request),
    );
    done();
  });
  app.addHook("onClose", () => metrics.stop());
  installErrorHandler(app);

  // Fastify's JSON parser (with its prototype-poisoning guard), except that an empty body is "no body":
  // clients often send Content-Type: application/json on bodiless POSTs such as sign-out.
  const parseJson = app.getDefaultJsonParser("error", "error");
  // JSON only: a text/plain body (a "simple" cross-site request) is refused with 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, done);
  });

  await app.register(cookie);
  installSecurityHeaders(app);
  installOriginGuard(app, config.trustedOrigins);

  // Ours runs before the plugin's own preClose, so clients hear "going away" rather than a bare close.
  app.addHook("preClose", () => hub.close());
  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.addHook("onReady", () => hub.start());
  // Every process runs the deadline loop; it stops (and finishes its pass) before the database closes.
  app.addHook("onReady", async () => reconciler.start());
  app.addHook("preClose", () => reconciler.stop());
  const economyWatch = createEconomyWatch({
    db: database.db,
    log: app.log,
    intervalMs: config.economyAuditMinutes * 60_000,
  });
  app.addHook("onReady", async () => economyWatch.start());
  metrics.gauge(
    "bot_arena_economy_audit_problems",
    "Problems this process's last economy audit found (0 before its first; one process audits at a time).",
    {},
    () => economyWatch.last()?.problems ?? null,
  );
  metrics.gauge(
    "bot_arena_ready",
    "Whether this process is ready for players (GET /api/health/ready).",
    {},
    async () => ((await platform.readiness()).ready ? 1 : 0),
  );
  app.addHook("preClose", () => economyWatch.stop());
  liveSocketRoute(app, { hub, trustedOrigins: config.trustedOrigins });

  const services = createServices(platform);
  registerFeatures(app, services, platform);
  const provider = { provider: config.cashout.provider };
  metrics.gauge(
    "bot_arena_payout_wallet_msats",
    "The ZBD project wallet's last known balance.",
    provider,
    () => {
      const { walletMsats } = services.payouts.gauges();
      return walletMsats === null ? null : Number(walletMsats);
    },
  );
  metrics.gauge(
    "bot_arena_cashouts_held",
    "Cash-outs held until the project wallet holds enough (as last read).",
    provider,
    () => services.payouts.gauges().held,
  );
  const mediaLimits = createMediaLimits({ rate: requestLimits.playerRate, config });
  app.decorate("mediaLimits", mediaLimits);
  registerMediaRoute(app, media, mediaLimits);
  const serveApp = hasWebApp(config.webDist);
  if (serveApp) await registerWebApp(app, config.webDist);
  app.setNotFoundHandler(
    notFoundHandler(serveApp ? webPagesOf(config.webDist) : null, serveApp ? config.webDist : undefined),
  );

  return app;
}

/** TEST_RUNNER_KILL: the process dies as a crash would, with the step's transaction still open. */
function killBeforeCommitOf(handlerName: string): (handler: string) => void {
  return (handler) => {
    if (handler === handlerName) process.kill(process.pid, "SIGKILL");
  };
}
