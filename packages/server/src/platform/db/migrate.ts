// Applies the committed drizzle-kit migrations (packages/server/drizzle) with Drizzle's migrator for the driver in use.
import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database, Db, Schema } from "./database";

export const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** Run inside `withStartupLock` so only one process migrates at a time. */
export async function migrateDatabase(driver: Database["driver"], db: Db): Promise<void> {
  if (driver === "pglite") await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  else await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
}
