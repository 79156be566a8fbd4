// npm run migrate: applies this release's database migrations and exits, as its own step of a deploy (run by a
// database user that may change the schema), so the servers can start with MIGRATE_ON_START=off under one that
// may not. Exit 0 when the database is up to date afterwards; 2 for a bad configuration; 1 otherwise.
import { ConfigError, loadConfig } from "../platform/config";
import { migrateDatabase, pendingMigrations } from "../platform/db/migrate";
import { openDatabaseWhenReachable } from "../platform/db/open";
import { forwardingLog } from "../platform/logger";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(
    `could not migrate: the configuration has problems:\n  ${error.message.split("\n").join("\n  ")}`,
  );
  process.exit(2);
}

let code = 1;
try {
  const database = await openDatabaseWhenReachable(
    config,
    forwardingLog(config.logFormat),
    config.databaseConnectTimeoutMs,
  );
  try {
    // Under the start-up lock: a server starting meanwhile (MIGRATE_ON_START=on) waits rather than migrating too.
    const applied = await database.withStartupLock(async (db) => {
      const pending = await pendingMigrations(db);
      await migrateDatabase(database.driver, db);
      const left = await pendingMigrations(db);
      if (left.length > 0) throw new Error(`migrations still missing after migrating: ${left.join(", ")}`);
      return pending;
    });
    console.log(
      applied.length === 0
        ? "migrate: the database was up to date"
        : `migrate: applied ${applied.length} migration(s): ${applied.join(", ")}`,
    );
    code = 0;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`could not migrate: ${error instanceof Error ? error.message : String(error)}`);
}
process.exit(code);
