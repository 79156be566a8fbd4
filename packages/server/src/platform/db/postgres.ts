// node-postgres: a pool for queries, and the live bus: PostgreSQL's LISTEN/NOTIFY on a connection of its own
// (live/postgres-bus.ts), or Redis with LIVE_BUS_URL.

import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { claimKeysInTransactions } from "../idempotency/claim";
import { createNotifier, publishAfterCommit } from "../live/after-commit";
import { openLiveBus } from "../live/open-bus";
import { postgresLiveBus } from "../live/postgres-bus";
import { notifiers } from "../live/publish";
import { releaseLeakedClients } from "./checkout";
import type { BusOption, Database, Db } from "./database";
import { parseSafeInteger } from "./int8";
import { guardLockOrder } from "./locks";
import { nameStatements } from "./named-statements";
import { beginWithoutWaiting, writeOncePerTick } from "./pipelining";
import { timeConnectionWaits } from "./pool-wait";
import { createPrimaryFinder, type PrimaryFinder } from "./primary";
import { defaultRetryPolicy, retryTransactions } from "./retry";
import * as schema from "./schema";
import { reportStatements } from "./statement-watch";
import { installTransactionPipeline } from "./transaction-pipeline";

// int8 (coins, counts, sums) as a JS number: coins stay far below 2^53, and arithmetic on strings would be a
// bug. Set on pg's global parsers because Drizzle passes those with every query, overriding a pool's own.
pg.types.setTypeParser(pg.types.builtins.INT8, parseSafeInteger);

type Log = { warn(obj: unknown, msg?: string): void };

/** Any fixed number works as long as every process agrees on it. */
const STARTUP_LOCK_KEY = 0x0ba7_a7e4;

/** During an outage a request waits at most this long for a connection, then answers 503 instead of hanging. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** A client that connects to the host the finder names now (DATABASE_URL may list several: primary.ts). */
function clientOnPrimary(primary: PrimaryFinder) {
  return class PrimaryClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: primary.current() });
      // A host that refuses or is gone: the primary is looked for among the others. (The pool connects with
      // a callback; the promise form is kept for anyone else.)
      type Connect = (callback?: (error: Error | null) => void) => Promise<void> | undefined;
      const connect = this.connect.bind(this) as Connect;
      (this as unknown as { connect: Connect }).connect = (callback) => {
        if (callback) {
          return connect((error) => {
            if (error) primary.lost();
            callback(error);
          });
        }
        return connect()?.catch((error: unknown) => {
          primary.lost();
          throw error;
        });
      };
    }
  };
}

export async function openPostgres(
  url: string,
  options: { poolSize: number; log: Log } & BusOption,
): Promise<Database> {
  const primary = createPrimaryFinder(url, options.log);
  await primary.find();
  const pool = new pg.Pool({
    Client: clientOnPrimary(primary) as unknown as new () => pg.ClientBase,
    // Every new connection serves only on a writable primary; one that landed on a standby is dropped (pg-pool
    // awaits what onConnect returns, though its types say void).
    onConnect: primary.confirm as unknown as (client: pg.ClientBase) => undefined,
    max: options.poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notices a silently dead peer (a cut network) on idle connections instead of keeping them forever.
    keepAlive: true,
    // Kept open once opened: a connection closed when idle takes its prepared statements and the backend's
    // warm caches with it, and the next burst pays for opening it again.
    idleTimeoutMillis: 0,
    // Each query goes on the wire at once: what a transaction sends without waiting (its BEGIN) shares a flight.
    pipeline: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => options.log.warn({ err: error }, "postgres pool client error"));
  // A checked-out client whose backend is terminated emits 'error' too, and pg's pool only listens while the
  // client is idle: without this listener one terminated backend (57P01) ends the whole process. The query in
  // flight still fails, so the request answers 503, and the pool discards the broken client on release.
  pool.on("connect", (client) => {
    client.on("error", (error) => options.log.warn({ err: error }, "postgres client lost its connection"));
    nameStatements(client);
    beginWithoutWaiting(client);
    writeOncePerTick(client);
    reportStatements(client);
  });
  const oldestWaitMs = timeConnectionWaits(pool);
  const named = await pool.query<{ name: string }>("select current_database() as name");
  const pooled = drizzle({ client: pool, schema }) as unknown as Db;
  const { bus, redis } = await openLiveBus({
    liveBusUrl: options.liveBusUrl ?? null,
    // Every process on this database shares the bus; another database on the same Redis never hears it.
    scope: named.rows[0]!.name,
    own: () => postgresLiveBus(primary, options.log),
    log: options.log,
  }).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  const notifier = createNotifier((payloads) => bus.send(payloads), options.log);
  const db = installTransactionPipeline(pooled, {
    idempotencyClaim: claimKeysInTransactions(pooled),
    afterCommit: publishAfterCommit(pooled, notifier),
    retry: retryTransactions({
      ...defaultRetryPolicy,
      onRetry: (error, attempt) =>
        options.log.warn({ err: error, attempt }, "transaction retried after a deadlock"),
    }),
    checkout: releaseLeakedClients(pool),
    lockOrder: guardLockOrder(pooled),
  });
  return {
    driver: "postgres",
    db,
    bus,
    redis,
    poolUse: () => ({
      max: options.poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      oldestWaitMs: oldestWaitMs(),
    }),
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        try {
          const locked = drizzle({ client, schema }) as unknown as Db;
          // What the seeds publish (new starter music) goes out on the bus like everything else.
          notifiers.set(locked, notifier);
          return await fn(locked);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await notifier.drain();
      await bus.close();
      await pool.end();
    },
  };
}
