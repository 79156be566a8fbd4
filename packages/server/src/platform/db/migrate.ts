// Applies the committed drizzle-kit migrations (packages/server/drizzle) with Drizzle's migrator for the driver in use,
// and tells which of them a database still lacks (MIGRATE_ON_START=off checks instead of migrating).
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { serverRoot } from "../paths";
import { type Database, type Db, rowsOf, type Schema } from "./database";

export const migrationsFolder = path.join(serverRoot, "drizzle");

/** Run inside `withStartupLock` so only one process migrates at a time. */
export async function migrateDatabase(driver: Database["driver"], db: Db): Promise<void> {
  if (driver === "pglite") await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  else await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
}

type Journal = { entries: { tag: string; when: number }[] };

/**
 * The migrations of this build the database has not applied, by name, oldest first. The rule is the migrator's
 * own: a migration is applied when it is newer than the newest one recorded in drizzle.__drizzle_migrations.
 * Reads only, so a database user without rights on the schema can ask.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  let newest = Number.NEGATIVE_INFINITY;
  if (table?.present) {
    const [row] = rowsOf<{ newest: string | number | null }>(
      await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
    );
    if (row?.newest !== null && row?.newest !== undefined) newest = Number(row.newest);
  }
  return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
}

export class SchemaBehindError extends Error {}

/** Throws SchemaBehindError naming what is missing, and what to run, when the database is behind this build. */
export async function requireMigrated(db: Db): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length === 0) return;
  const shown = pending.length > 5 ? [...pending.slice(0, 5), `and ${pending.length - 5} more`] : pending;
  throw new SchemaBehindError(
    `the database lacks ${pending.length} migration(s) of this release (${shown.join(", ")}) and MIGRATE_ON_START=off: run \`npm run migrate\` first`,
  );
}
