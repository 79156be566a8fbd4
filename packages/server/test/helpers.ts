// Test helpers in the game's language: a fresh app on a fresh database, and players who sign up and act.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Me } from "@bot-arena/contract";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type AppOptions, buildApp } from "../src/app";
import type { Clock } from "../src/platform/clock";
import { type Config, loadConfig } from "../src/platform/config";
import type { Database } from "../src/platform/db/database";
import { migrateDatabase } from "../src/platform/db/migrate";
import { openPglite } from "../src/platform/db/pglite";
import { openPostgres } from "../src/platform/db/postgres";
import type { UserId } from "../src/platform/ids";
import type { LiveEnvelope } from "../src/platform/live/publish";
import { platformSeedSteps, type SeedStep } from "../src/platform/seed";
import { prepareDatabase } from "../src/platform/startup";

const quietLog = { warn() {}, info() {}, debug() {} };

export type TestDatabase = {
  database: Database;
  /** The PostgreSQL URL of this test database; null on PGlite. */
  url: string | null;
  /** Closes the handle and drops the database. */
  drop(): Promise<void>;
};

/** The live bus tests run on: Redis when LIVE_BUS_URL is set (the bus-parameterised run), else the database's. */
export const testLiveBusUrl = (): string | null => process.env.LIVE_BUS_URL || null;

/**
 * A migrated, empty database: in-memory PGlite, or with DATABASE_URL a new `ba_test_<random>` database on
 * that server, so test files run in parallel on clean schemas. Both are copies of the run's migrated template
 * (global-setup.ts): `CREATE DATABASE ... TEMPLATE` on PostgreSQL, PGlite's `loadDataDir` of a migrated data
 * directory's dump. `empty` gives an unmigrated one, for servers that must migrate it themselves. Its live bus
 * is Redis at `liveBusUrl` (default: LIVE_BUS_URL), whose keys and channel are named after the database, so
 * parallel files never hear each other.
 */
export async function createTestDatabase(
  options: { empty?: boolean; liveBusUrl?: string | null } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const liveBusUrl = options.liveBusUrl === undefined ? testLiveBusUrl() : options.liveBusUrl;
  if (!serverUrl) {
    const template = options.empty ? null : inject("pgliteTemplate");
    const database = await openPglite(null, {
      liveBusUrl,
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    // Without a template (a file run under another config): migrated here, as before templates.
    if (!template && !options.empty) await migrateDatabase(database.driver, database.db);
    return { database, url: null, drop: () => database.close() };
  }
  const name = `ba_test_${randomBytes(6).toString("hex")}`;
  const template = options.empty ? null : inject("postgresTemplate");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { poolSize: 25, log: quietLog, liveBusUrl });
  if (!template && !options.empty)
    await database.withStartupLock((db) => migrateDatabase(database.driver, db));
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Hears every event the database's live bus carries from now on; resolves with the function that stops. */
export function hearBus(database: Database, onEnvelope: (envelope: LiveEnvelope) => void) {
  return database.bus.subscribe({ onEnvelope, onResync: () => {} });
}

/** A clock that stands still until a test moves it. */
export function testClock(start = new Date("2030-01-15T12:00:00Z")) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  db: Database["db"];
  config: Config;
  /** Stops the app and drops its database (unless it was passed in) and data directory. */
  close(): Promise<void>;
};

export type TestAppOptions = {
  config?: Partial<Config>;
  /** Share a database between apps (two "servers" on one database); the caller then drops it. */
  database?: Database;
  clock?: Clock;
  /**
   * Reference data to seed. Default: the platform's (shop items, equipment; starter music when on). Feature
   * steps such as the image library are left out unless a test asks: they cost time and have their own tests.
   */
  seedSteps?: readonly SeedStep[];
  /** The app's logger (default: none), for a test that reads what the app logs. */
  logger?: AppOptions["logger"];
};

/** The test configuration: production defaults, a throw-away data directory, quiet, fast hashing. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir: mkdtempSync(path.join(tmpdir(), "bot-arena-test-")),
    databaseUrl: null,
    webDist: path.join(tmpdir(), "bot-arena-no-web-dist"),
    starterMusic: "off",
    // Fusion tests count on an empty slot refusing; the admin tests turn the top-up on themselves.
    imageLibraryTopUp: "off",
    passwordHashCost: 12,
    // Tests sign many players up at once (the hashing tests set their own small queue), on a machine busy with
    // other test files: the hash threads keep the process's priority and the strangers' are never paced.
    passwordHashing: { workers: 2, queue: 10_000, niceness: 0, strangerShare: 100 },
    // Tests sign up many players from one address; the rate-limit test sets its own small numbers.
    rateLimit: { authMax: 100_000, authWindowMs: 60_000 },
    // Race tests fire many requests of one player at once; the limit tests set their own small numbers.
    playerLimits: { requests: 1_000_000, windowMs: 60_000, concurrent: 10_000, concurrentReads: 10_000 },
    // A machine busy with other test files stalls a loop now and then: the shedding tests set their own bounds.
    loadShed: { loopDelayMs: 0, poolWaitMs: 0, inFlight: 0, latencyMs: 250 },
    // Tests fetch many media from one address at once; the media limit tests set their own small numbers (and
    // refuse at once, except the flood test, which runs the production limits).
    mediaLimits: {
      requests: 1_000_000,
      windowMs: 60_000,
      streamsPerAddress: 10_000,
      streams: 10_000,
      refusalDelayMs: 0,
      streamKbPerSecond: 1_000_000,
    },
    // Every answer a test provokes is checked against the contract the web app relies on.
    checkResponses: true,
    // A lock out of order fails the test that takes the path.
    lockOrder: "strict",
    logFormat: "json",
    logLevel: "silent",
    // The cash-out gate and daily maximum have their own tests (features/bank/cashout-rules.test.ts); the
    // others cash out from accounts made a moment ago.
    cashout: {
      ...loadConfig({}).cashout,
      rules: { minAccountDays: 0, minBattles: 0, dailyMax: 1_000_000_000_000, autoMax: 500 },
    },
    ...overrides,
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const owned = options.database ? null : await createTestDatabase();
  const database = options.database ?? owned!.database;
  // Built first, as main.ts does: the seeds store media through the app's store.
  const app = await buildApp({ config, database, clock: options.clock, logger: options.logger ?? false });
  await prepareDatabase(database, {
    media: app.media,
    config,
    log: quietLog,
    steps: options.seedSteps ?? platformSeedSteps,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    async close() {
      await app.close();
      await owned?.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Apps on one shared test database, one per configuration a test needs (or two "servers" on one database);
 * all closed and the database dropped after the file. Call at the top level of a test file.
 */
export function appsOnOneDatabase() {
  let shared: TestDatabase;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    shared = await createTestDatabase();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await shared.drop();
  });
  return {
    async appWith(config: Partial<Config> = {}): Promise<TestApp> {
      const t = await createTestApp({ database: shared.database, config });
      apps.push(t);
      return t;
    },
    /** The shared database's PostgreSQL URL; null on PGlite. */
    get url() {
      return shared.url;
    },
  };
}

/** What `work` answers, and how many statements (and which texts) the app's database was sent meanwhile (either driver). */
const BACKGROUND_TABLES = /"process_setups"/;

export async function countStatements<T>(t: Pick<TestApp, "database">, work: () => Promise<T>) {
  const target =
    t.database.driver === "postgres"
      ? (pg.Client.prototype as unknown as Record<string, (...args: unknown[]) => unknown>)
      : (t.database as unknown as { client: Record<string, (...args: unknown[]) => unknown> }).client;
  let count = 0;
  const texts: string[] = [];
  const counting = (query: (...args: unknown[]) => unknown) =>
    function counted(this: unknown, ...args: unknown[]) {
      const [asked] = args;
      const text =
        typeof asked === "string" ? asked : String((asked as { text?: unknown } | null)?.text ?? "");
      // The process's heartbeat (platform/setup-agreement.ts) writes on a timer of its own, whatever the work does.
      if (BACKGROUND_TABLES.test(text)) return query.apply(this, args);
      count += 1;
      texts.push(text);
      return query.apply(this, args);
    };
  const original = target.query!;
  target.query = counting(original);
  // PGlite runs a transaction's statements on the transaction object it hands to the callback, not the client.
  const transaction = target.transaction;
  if (t.database.driver === "pglite" && transaction) {
    target.transaction = function countedTransaction(this: unknown, ...args: unknown[]) {
      const [callback, ...rest] = args as [(tx: Record<string, (...a: unknown[]) => unknown>) => unknown];
      return transaction.call(
        this,
        (tx: Record<string, (...a: unknown[]) => unknown>) => {
          tx.query = counting(tx.query!);
          return callback(tx);
        },
        ...rest,
      );
    };
  }
  try {
    const answer = await work();
    return { answer, count, texts };
  } finally {
    target.query = original;
    if (transaction) target.transaction = transaction;
  }
}

let playerCount = 0;

/** A unique, valid username: short enough for the 30-character limit. */
export function uniqueName(prefix = "pilot"): string {
  playerCount += 1;
  return `${prefix}_${playerCount}_${randomBytes(3).toString("hex")}`;
}

export type Player = {
  me: Me;
  id: UserId;
  email: string;
  password: string;
  /** `ba_session=<token>`, ready for a Cookie header. */
  cookie: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
};

export function sessionCookieOf(response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === "ba_session");
  return cookie ? `ba_session=${cookie.value}` : null;
}

/** A client carrying a session cookie. */
export function asPlayer(app: FastifyInstance, cookie: string, me: Me, password = ""): Player {
  const request = (options: InjectOptions) =>
    app.inject({ ...options, headers: { cookie, ...(options.headers ?? {}) } });
  return {
    me,
    id: me.id as UserId,
    email: me.email,
    password,
    cookie,
    request,
    get: (url) => request({ method: "GET", url }),
    post: (url, body) =>
      request({ method: "POST", url, ...(body === undefined ? {} : { payload: body as object }) }),
  };
}

let nextAddress = 0;
/**
 * A loopback address of its own for each player a test signs up (never sent anywhere: inject only names it), so
 * test players are strangers to each other, as players are; a test of linked accounts passes one address.
 */
function ownAddress(): string {
  nextAddress += 1;
  return `127.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${(nextAddress & 255) + 1}`;
}

/** Signs a new player up through the API and returns their signed-in client. */
export async function signUp(
  app: FastifyInstance,
  fields: {
    username?: string;
    email?: string;
    password?: string;
    remoteAddress?: string;
    /** The browser's device token (the `ba_device` cookie, 43 base64url characters). */
    device?: string;
  } = {},
): Promise<Player> {
  const username = fields.username ?? uniqueName();
  const email = fields.email ?? `${username.toLowerCase()}@arena.test`;
  const password = fields.password ?? "correct horse";
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up",
    payload: { username, email, password },
    remoteAddress: fields.remoteAddress ?? ownAddress(),
    ...(fields.device ? { headers: { cookie: `ba_device=${fields.device}` } } : {}),
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return asPlayer(app, sessionCookieOf(response)!, response.json<Me>(), password);
}

/** The parsed `{error:{code,message}}` of a refusal, with its status. */
export function errorOf(response: LightMyRequestResponse) {
  const body = response.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>();
  return { status: response.statusCode, ...body.error };
}
