// MIGRATE_ON_START=off's check: which migrations a database lacks, read with the migrator's own rule, and a start
// that refuses a database behind its release (naming what to run) instead of serving on an old schema. On
// PostgreSQL, a user with rights on the rows only: it cannot migrate, but it can check and start.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers";
import { prepareDatabase } from "../startup";
import { rowsOf } from "./database";
import {
  migrateDatabase,
  migrationsFolder,
  pendingMigrations,
  requireMigrated,
  SchemaBehindError,
} from "./migrate";
import { openPostgres } from "./postgres";

const tags = (
  JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  }
).entries.map((entry) => entry.tag);
const quietLog = { info() {}, warn() {} };
const opened: TestDatabase[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const database of opened.splice(0)) await database.drop();
});
async function database(options: { empty?: boolean } = {}) {
  const created = await createTestDatabase(options);
  opened.push(created);
  return created;
}

describe("pending migrations", () => {
  it("a new database lacks every migration; a migrated one none", async () => {
    const { database: db } = await database({ empty: true });
    expect(await pendingMigrations(db.db)).toEqual(tags);
    await migrateDatabase(db.driver, db.db);
    expect(await pendingMigrations(db.db)).toEqual([]);
    await expect(requireMigrated(db.db)).resolves.toBeUndefined();
  });

  it("a database one release behind lacks that release's migrations, by name", async () => {
    const { database: db } = await database();
    await db.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await pendingMigrations(db.db)).toEqual([tags.at(-1)]);
    await expect(requireMigrated(db.db)).rejects.toThrow(
      `the database lacks 1 migration(s) of this release (${tags.at(-1)}) and MIGRATE_ON_START=off: run \`npm run migrate\` first`,
    );
  });

  it("a start told not to migrate refuses a database behind it and changes nothing", async () => {
    const { database: db } = await database({ empty: true });
    const starting = prepareDatabase(db, {
      media: null as never,
      config: { starterMusic: "off", dataDir: "" },
      log: quietLog,
      steps: [],
      migrate: false,
    });
    await expect(starting).rejects.toBeInstanceOf(SchemaBehindError);
    const [row] = rowsOf<{ present: boolean }>(
      await db.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
    );
    expect(row?.present).toBe(false);
  });

  // Roles and grants are PostgreSQL's: on PGlite no test is defined (as test/race.ts's raceIt does).
  if (process.env.DATABASE_URL)
    it("a user with rights on the rows only cannot migrate, but checks and starts (PostgreSQL)", async () => {
      const { url } = await database();
      const role = `ba_app_${randomBytes(4).toString("hex")}`;
      const owner = new pg.Client({ connectionString: url! });
      await owner.connect();
      cleanups.push(async () => {
        await owner.query(`drop owned by ${role}`);
        await owner.end();
        const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await server.connect();
        await server.query(`drop role if exists ${role}`);
        await server.end();
      });
      const database_ = new URL(url!).pathname.slice(1);
      await owner.query(`create role ${role} login`);
      await owner.query(`revoke create on database ${database_} from public`);
      await owner.query(`revoke create on schema public from public`);
      await owner.query(`grant usage on schema public, drizzle to ${role}`);
      await owner.query(
        `grant select, insert, update, delete on all tables in schema public, drizzle to ${role}`,
      );
      await owner.query(`grant usage, select on all sequences in schema public to ${role}`);
      const asApp = new URL(url!);
      asApp.username = role;
      const app = await openPostgres(asApp.toString(), { poolSize: 2, log: quietLog });
      cleanups.push(() => app.close());

      // 42501: insufficient_privilege, for the migrator's CREATE SCHEMA IF NOT EXISTS even with the schema there.
      await expect(app.withStartupLock((db) => migrateDatabase(app.driver, db))).rejects.toMatchObject({
        cause: { code: "42501" },
      });
      await expect(
        prepareDatabase(app, {
          media: null as never,
          config: { starterMusic: "off", dataDir: "" },
          log: quietLog,
          steps: [],
          migrate: false,
        }),
      ).resolves.toBeUndefined();
    });
});
