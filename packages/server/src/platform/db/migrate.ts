// Applies the committed drizzle-kit migrations (packages/server/drizzle) with Drizzle's migrator for the driver in use.
import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { serverRoot } from "../paths";
import type { Database, Db, Schema } from "./database";

export const migrationsFolder = path.join(serverRoot, "drizzle");

/** Run inside `withStartupLock` so only one process migrates at a time. */
export async function migrateDatabase(driver: Database["driver"], db: Db): Promise<void> {
  if (driver === "pglite") await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  else await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
}
