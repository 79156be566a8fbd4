// Opens the configured database for a one-off command (migrated, not seeded). With PGlite the server must
// be stopped first: its lock file says so.
import { loadConfig } from "../platform/config";
import type { Database } from "../platform/db/database";
import { migrateDatabase } from "../platform/db/migrate";
import { openDatabase } from "../platform/db/open";
import { forwardingLog } from "../platform/logger";

export async function openForCli(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase(config, forwardingLog(config.logFormat));
  await database.withStartupLock((db) => migrateDatabase(database.driver, db));
  return database;
}

/** Runs a command against the database and exits with its code; errors print one line, not a stack. */
export async function runCli(command: (database: Database) => Promise<number>): Promise<never> {
  let code = 1;
  try {
    const database = await openForCli();
    try {
      code = await command(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exit(code);
}
