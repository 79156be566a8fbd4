// Getting a database ready to serve: migrations, then reference data, under the start-up lock.
import type { Database } from "./db/database";
import { migrateDatabase } from "./db/migrate";
import { runSeeds, type SeedContext, type SeedStep } from "./seed";

export async function prepareDatabase(
  database: Database,
  seeding: Omit<SeedContext, "db"> & { steps: readonly SeedStep[] },
): Promise<void> {
  await database.withStartupLock(async (db) => {
    await migrateDatabase(database.driver, db);
    await runSeeds({ ...seeding, db }, seeding.steps);
  });
}
