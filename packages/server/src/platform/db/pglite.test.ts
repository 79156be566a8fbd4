// PGlite itself, the embedded database `npm start` uses without DATABASE_URL: its start-up on a data directory,
// one transaction at a time, LISTEN/NOTIFY within the process, int8 as a number, and the server process on it.
// It runs on PGlite in every run (vitest.config.ts, pgliteOnly), also when the rest of the suite is on PostgreSQL.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, signUp, type TestDatabase } from "../../../test/helpers";
import { loadConfig } from "../config";
import { type Database, rowsOf } from "./database";
import { migrationsFolder } from "./migrate";
import { openDatabase } from "./open";
import { openPglite } from "./pglite";

type PgliteDatabase = Awaited<ReturnType<typeof openPglite>>;

const serverDir = path.resolve(import.meta.dirname, "../../..");
const migrationCount = (): number =>
  JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")).entries.length;
const appliedMigrations = async (db: Database["db"]) =>
  rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]
    ?.n;

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bot-arena-pglite-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("PGlite on a data directory", () => {
  it("starts empty, is migrated and seeded, and finds it all there when opened again", async () => {
    const dataDir = newDataDir();
    const config = { ...loadConfig({}), dataDir, databaseUrl: null };
    const first = await openDatabase(config, { warn() {} });
    expect(first.driver).toBe("pglite");
    // The app's own media directory is another (a test app removes its data directory when closed).
    const t = await createTestApp({ database: first });
    const player = await signUp(t.app);
    await t.close();
    await first.close();

    const again = await openDatabase(config, { warn() {} });
    try {
      expect(await appliedMigrations(again.db)).toBe(migrationCount());
      const found = rowsOf<{ email: string }>(
        await again.db.execute(sql`select email from profiles where id = ${player.id}`),
      );
      expect(found).toEqual([{ email: player.email }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe("PGlite in memory (the test databases)", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  // Why a race test proves nothing here and runs on PostgreSQL only (test/race.ts): PGlite has one connection.
  it("runs one transaction at a time: a second does not begin until the first has ended", async () => {
    const { driver, db } = test.database;
    expect(driver).toBe("pglite");
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = db.transaction(async () => {
      order.push("first begins");
      await held;
      order.push("first ends");
    });
    const second = db.transaction(async () => {
      order.push("second begins");
    });
    // Give the second every chance to begin early; it must still wait for the first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first begins", "first ends", "second begins"]);
  });

  it("hands a NOTIFY to its LISTEN, and stops after unlisten", async () => {
    const heard: string[] = [];
    const unlisten = await (test.database as PgliteDatabase).client.listen("pglite_test", (payload) =>
      heard.push(payload),
    );
    await test.database.db.execute(sql`select pg_notify('pglite_test', 'one')`);
    await expect.poll(() => heard).toEqual(["one"]);
    await unlisten();
    await test.database.db.execute(sql`select pg_notify('pglite_test', 'two')`);
    await test.database.db.execute(sql`select 1`);
    expect(heard).toEqual(["one"]);
  });

  it("reads int8 as a number, and refuses one beyond 2^53 rather than lose coins", async () => {
    const safe = rowsOf<{ n: number }>(
      await test.database.db.execute(sql`select 9007199254740991::int8 as n`),
    );
    expect(safe).toEqual([{ n: 9_007_199_254_740_991 }]);
    // Drizzle wraps the driver's error as "Failed query: ...", with the parser's refusal as its cause.
    const refused = await test.database.db.execute(sql`select 9007199254740993::int8 as n`).then(
      () => null,
      (error: unknown) => error as { cause?: unknown },
    );
    expect(String(refused?.cause)).toMatch(/beyond a safe integer/);
  });

  it("is a copy of the migrated template: every migration applied, no rows", async () => {
    expect(await appliedMigrations(test.database.db)).toBe(migrationCount());
    expect(rowsOf(await test.database.db.execute(sql`select id from profiles`))).toEqual([]);
  });
});

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `src/main.ts` with no DATABASE_URL: the server `npm start` runs, on PGlite under DATA_DIR. */
function startEmbedded(dataDir: string): Started {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      STARTER_MUSIC: "off",
      TEST_CLOCK: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe("the embedded server process (`npm start` without DATABASE_URL)", () => {
  it("serves on a PGlite of its own in DATA_DIR, a second process on it is refused, and it stops cleanly", async () => {
    const dataDir = newDataDir();
    const server = startEmbedded(dataDir);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /Bot Arena running at (http:\/\/localhost:\d+)/.exec(server.output());
          if (match) {
            clearInterval(timer);
            resolve(match[1]!.replace("localhost", "127.0.0.1"));
          }
        }, 50);
        void server.exited.then((code) => {
          clearInterval(timer);
          reject(new Error(`server exited with ${code}:\n${server.output()}`));
        });
      });
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);

      // Another process opening the directory (as a second `npm start`, or the admin CLI, would) is refused.
      const second = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          'const { openPglite } = await import("./src/platform/db/pglite.ts"); await openPglite(process.env.PGLITE_DIR);',
        ],
        {
          cwd: serverDir,
          env: { ...process.env, PGLITE_DIR: path.join(dataDir, "pglite") },
          encoding: "utf8",
        },
      );
      expect(second.status).not.toBe(0);
      expect(second.stderr).toContain(`The database in ${path.join(dataDir, "pglite")} is in use by process`);

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      // The lock is released with the database: the directory opens again.
      const reopened = await openPglite(path.join(dataDir, "pglite"));
      await reopened.close();
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 180_000);
});
