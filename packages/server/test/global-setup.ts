// Once per server test run, before any file: a migrated template that every test file's fresh database is
// copied from (helpers.ts, createTestDatabase), instead of running the migrations once per file.
// - PostgreSQL (DATABASE_URL): a database `ba_template_<hash>`, copied with `CREATE DATABASE ... TEMPLATE`.
// - PGlite: a dump of a migrated data directory (`dumpDataDir`), loaded with PGlite's `loadDataDir` option.
// <hash> is of the migration files (and, for PGlite, its version), so a changed migration makes a new template
// and runs that share the same migrations (other checkouts, a second run at once) share one. Another hash's
// template is dropped once it has not been used for an hour.
import { createHash, randomBytes } from "node:crypto";
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, migrationsFolder } from "../src/platform/db/migrate";
import { openPglite } from "../src/platform/db/pglite";
import { openPostgres } from "../src/platform/db/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL template database's name, when the run is on PostgreSQL. */
    postgresTemplate: string | null;
    /** The file holding the migrated PGlite data directory's dump, when the run is on PGlite. */
    pgliteTemplate: string | null;
  }
}

/** A template not used for this long belongs to migrations nobody runs any more. */
const STALE_MS = 60 * 60_000;
/** Any fixed number, the same in every run: only one run builds the PostgreSQL template at a time. */
const TEMPLATE_LOCK_KEY = 0x0ba7_7e57;
const quietLog = { warn() {} };

/** The server the files run on: DATABASE_URL's, unless SERVER_TEST_DB=pglite-only (vitest.config.ts). */
export function testServerUrl(): string | null {
  return process.env.SERVER_TEST_DB === "pglite-only" ? null : process.env.DATABASE_URL || null;
}

export default async function setup(project: TestProject) {
  const url = testServerUrl();
  if (url) {
    project.provide("postgresTemplate", await postgresTemplate(url));
    project.provide("pgliteTemplate", null);
  } else {
    project.provide("postgresTemplate", null);
    project.provide("pgliteTemplate", await pgliteTemplate());
  }
}

function migrationsHash(extra = ""): string {
  const hash = createHash("sha256").update(extra);
  const files = [
    ...readdirSync(migrationsFolder).filter((f) => f.endsWith(".sql")),
    path.join("meta", "_journal.json"),
  ].sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(migrationsFolder, file)));
  return hash.digest("hex").slice(0, 16);
}

async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `ba_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Two runs at once: the second waits here for the first's template instead of building its own.
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) {
      // Only the lock's holder builds, so any build left behind is from a run that died while building.
      for (const leftover of await databasesLike(admin, "ba\\_template\\_build\\_%"))
        await admin.query(`drop database if exists ${leftover} with (force)`);
      // Built under another name and renamed when migrated: a half-migrated template is never found.
      const build = `ba_template_build_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database ${build}`);
      const url = new URL(serverUrl);
      url.pathname = `/${build}`;
      const database = await openPostgres(url.toString(), { poolSize: 2, log: quietLog });
      try {
        await database.withStartupLock((db) => migrateDatabase(database.driver, db));
      } finally {
        await database.close();
      }
      await whileStillAccessed(() => admin.query(`alter database ${build} rename to ${name}`));
      // No connections: a session on a template makes CREATE DATABASE ... TEMPLATE refuse to copy it.
      await admin.query(`alter database ${name} with is_template true allow_connections false`);
    }
    await admin.query(`comment on database ${name} is '${new Date().toISOString()}'`);
    await dropStaleTemplates(admin, name);
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.end();
  }
  return name;
}

/** A closed connection's backend may still be exiting; PostgreSQL then refuses with 55006 for a moment. */
async function whileStillAccessed<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function databasesLike(admin: pg.Client, pattern: string): Promise<string[]> {
  const result = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like $1",
    [pattern],
  );
  return result.rows.map((r) => r.datname);
}

/** Other hashes' templates, last used (the comment's time) over an hour ago. One still copied from stays. */
async function dropStaleTemplates(admin: pg.Client, current: string): Promise<void> {
  const result = await admin.query<{ datname: string; used: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as used from pg_database
      where datname like 'ba\\_template\\_%' and datname not like 'ba\\_template\\_build\\_%' and datname <> $1`,
    [current],
  );
  for (const { datname, used } of result.rows) {
    const usedAt = used ? Date.parse(used) : Number.NaN;
    if (Number.isFinite(usedAt) && Date.now() - usedAt < STALE_MS) continue;
    try {
      await admin.query(`alter database ${datname} with is_template false`);
      await admin.query(`drop database ${datname}`);
    } catch {
      // Being copied by a run right now: it goes next time.
    }
  }
}

function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!readdirSync(dir).includes("package.json")) dir = path.dirname(dir);
  return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version;
}

async function pgliteTemplate(): Promise<string> {
  const dir = path.join(tmpdir(), "bot-arena-test-templates");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-${migrationsHash(`pglite ${pgliteVersion()}`)}.tar`);
  let found = false;
  try {
    found = statSync(file).size > 0;
  } catch {}
  if (found) {
    const now = new Date();
    utimesSync(file, now, now);
  } else {
    const database = await openPglite(null);
    try {
      await migrateDatabase(database.driver, database.db);
      const dump = await database.client.dumpDataDir("none");
      // Written whole, then renamed: a run starting meanwhile never reads half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await database.close();
    }
  }
  for (const other of readdirSync(dir)) {
    const otherPath = path.join(dir, other);
    if (otherPath === file) continue;
    try {
      if (Date.now() - statSync(otherPath).mtimeMs > STALE_MS) rmSync(otherPath, { force: true });
    } catch {}
  }
  return file;
}
