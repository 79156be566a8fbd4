// The server process: config from the environment, database opened and prepared, HTTP listening, and a
// graceful stop on SIGTERM/SIGINT (refuse new requests, finish in-flight ones, close sockets, close the DB).
import type { AddressInfo } from "node:net";
import { buildApp } from "./app";
import { featureSeedSteps } from "./features";
import { drawAiLooks } from "./features/arena/ai-looks";
import { describeDatabaseUrl, startBanner } from "./platform/banner";
import { buildInfo } from "./platform/build-info";
import { type Config, ConfigError, loadConfig, unknownSettings } from "./platform/config";
import { SchemaBehindError } from "./platform/db/migrate";
import { openDatabaseWhenReachable } from "./platform/db/open";
import { forwardingLog, logDestination, loggerOptions } from "./platform/logger";
import { platformSeedSteps } from "./platform/seed";
import { prepareDatabase } from "./platform/startup";

// Checked before anything else is touched: every problem at once, each with its variable and what is allowed.
const config = ((): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(
      `could not start: the configuration has problems:\n  ${error.message.split("\n").join("\n  ")}`,
    );
    process.exit(2);
  }
})();
const dbLog = forwardingLog(config.logFormat);
const database = await openDatabaseWhenReachable(config, dbLog, config.databaseConnectTimeoutMs).catch(
  (error) => {
    console.error(`could not start: the database did not answer: ${(error as Error).message}`);
    process.exit(1);
  },
);
const app = await buildApp({
  config,
  database,
  logger: loggerOptions(config.logLevel, await logDestination(config.logFormat)),
}).catch(async (error: unknown) => {
  // A bucket that does not answer as it should (MEDIA_S3_URL): the reason, not a stack, and the database freed.
  console.error(`could not start: ${(error as Error).message}`);
  await database.close().catch(() => {});
  process.exit(1);
});
dbLog.attach(app.log);
for (const warning of unknownSettings()) app.log.warn(warning);

/**
 * Connections the kernel may hold for us before we accept them (capped by net.core.somaxconn). Node's 511
 * overflowed when 2,000 players' first requests came at once while the loop was busy (1,065 ListenDrops in one
 * run): a dropped handshake is repeated by the client after 1, 3 and 7 s, so those players waited up to 9 s.
 */
const LISTEN_BACKLOG = 4096;

let stopping = false;
/**
 * One stop, however many signals ask for it: a signal to the process group (systemd's default, Ctrl-C) reaches
 * this process and `npm start`'s wrapper, which passes it on, so the same stop is asked twice at once. The drain
 * is bounded by SHUTDOWN_GRACE_MS; a signal during it only says so.
 */
async function stop(signal: string) {
  if (stopping) {
    app.log.warn({ signal }, "already stopping: the drain ends within the grace period");
    return;
  }
  stopping = true;
  app.log.info({ signal, graceMs: config.shutdownGraceMs }, "shutting down");
  const force = setTimeout(() => {
    app.log.error("shutdown took too long: exiting");
    process.exit(1);
  }, config.shutdownGraceMs);
  try {
    await app.drain.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

try {
  await prepareDatabase(database, {
    media: app.media,
    config,
    log: app.log,
    steps: [...platformSeedSteps, ...featureSeedSteps],
    migrate: config.migrateOnStart === "on",
  });
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
} catch (error) {
  // A database behind the release is the operator's next step, not a crash: one line that says which.
  if (error instanceof SchemaBehindError) console.error(`could not start: ${error.message}`);
  else app.log.fatal({ err: error }, "could not start");
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(1);
}

const { port } = app.server.address() as AddressInfo;
console.log(startBanner(config, port));
// One line that says what this process runs on (the banner above is for a person at a terminal).
app.log.info(
  {
    port,
    database: config.databaseUrl ? `postgres ${describeDatabaseUrl(config.databaseUrl)}` : "pglite",
    bus: database.bus.kind,
    media: app.media.kind,
    payouts: config.cashout.provider,
    ...buildInfo(),
  },
  "started",
);

// In the background, a turn of the event loop between pictures: opponent rolls then find them in the store.
void drawAiLooks({ media: app.media, log: app.log }).catch((error) =>
  app.log.warn({ err: error }, "AI opponents' pictures not drawn ahead"),
);
