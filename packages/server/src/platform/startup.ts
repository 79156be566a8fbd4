// Getting a database ready to serve: migrations (or, with MIGRATE_ON_START=off, the check that `npm run migrate`
// applied them), then reference data, under the start-up lock.
import type { Database } from "./db/database";
import { migrateDatabase, requireMigrated } from "./db/migrate";
import { runSeeds, type SeedContext, type SeedStep } from "./seed";

export async function prepareDatabase(
  database: Database,
  seeding: Omit<SeedContext, "db"> & { steps: readonly SeedStep[]; migrate?: boolean },
): Promise<void> {
  await database.withStartupLock(async (db) => {
    if (seeding.migrate === false) await requireMigrated(db);
    else await migrateDatabase(database.driver, db);
    await runSeeds({ ...seeding, db }, seeding.steps);
  });
}
