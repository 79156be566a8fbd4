// For benches that drive the server's services in this process: a fresh migrated database (the PostgreSQL of
// DATABASE_URL, else in-memory PGlite) and a count of the queries node-postgres sends (PGlite runs in-process
// and has no round trips to count).
import pg from "pg";
import type { Database } from "../../packages/server/src/platform/db/database";
import { migrateDatabase } from "../../packages/server/src/platform/db/migrate";
import { openPglite } from "../../packages/server/src/platform/db/pglite";
import { openPostgres } from "../../packages/server/src/platform/db/postgres";
import { createBenchDatabase } from "./sim/database";

let roundTrips = 0;
let counting = false;

/** From now on every query node-postgres sends is counted. */
export function countRoundTrips(): void {
  if (counting) return;
  counting = true;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    roundTrips += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

export const roundTripsSoFar = (): number => roundTrips;

export async function openFreshDatabase(
  postgresUrl: string | null,
  prefix: string,
  poolSize = 4,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!postgresUrl) {
    const database = await openPglite(null);
    await migrateDatabase(database.driver, database.db);
    return { database, drop: () => database.close() };
  }
  const bench = await createBenchDatabase(postgresUrl, prefix);
  const database = await openPostgres(bench.url, { poolSize, log: { warn() {} } });
  await migrateDatabase(database.driver, database.db);
  return {
    database,
    drop: async () => {
      await database.close();
      await bench.drop();
    },
  };
}
