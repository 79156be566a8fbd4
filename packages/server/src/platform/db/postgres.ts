// node-postgres: a pool for queries and one dedicated, self-reconnecting client for LISTEN.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { createNotifier, publishAfterCommit } from "../live/after-commit";
import { notifyNow } from "../live/publish";
import { releaseLeakedClients } from "./checkout";
import type { Database, Db, Unlisten } from "./database";
import { parseSafeInteger } from "./int8";
import { nameStatements } from "./named-statements";
import { beginWithoutWaiting, writeOncePerTick } from "./pipelining";
import { defaultRetryPolicy, retryTransactions } from "./retry";
import * as schema from "./schema";

// int8 (coins, counts, sums) as a JS number: coins stay far below 2^53, and arithmetic on strings would be a
// bug. Set on pg's global parsers because Drizzle passes those with every query, overriding a pool's own.
pg.types.setTypeParser(pg.types.builtins.INT8, parseSafeInteger);

type Log = { warn(obj: unknown, msg?: string): void };

/** Any fixed number works as long as every process agrees on it. */
const STARTUP_LOCK_KEY = 0x0ba7_a7e4;

/** During an outage a request waits at most this long for a connection, then answers 503 instead of hanging. */
export const CONNECT_TIMEOUT_MS = 5_000;

export async function openPostgres(url: string, options: { poolSize: number; log: Log }): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notices a silently dead peer (a cut network) on idle connections instead of keeping them forever.
    keepAlive: true,
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
  });
  await pool.query("select 1");
  const pooled = drizzle({ client: pool, schema }) as unknown as Db;
  releaseLeakedClients(pool, pooled);
  const retried = retryTransactions(pooled, {
    ...defaultRetryPolicy,
    onRetry: (error, attempt) =>
      options.log.warn({ err: error, attempt }, "transaction retried after a deadlock"),
  });
  const listener = createListener(url, options.log);
  // Committed events go out on the listening connection: no pool checkout, and no queue behind requests.
  const onClient = new WeakMap<pg.Client, Db>();
  const notifier = createNotifier(async (payloads) => {
    const client = await listener.client();
    const db = onClient.get(client) ?? (drizzle({ client }) as unknown as Db);
    onClient.set(client, db);
    await notifyNow(db, payloads);
  }, options.log);
  const db = publishAfterCommit(retried, notifier);
  return {
    driver: "postgres",
    db,
    listen: listener.listen,
    poolUse: () => ({
      max: options.poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        try {
          return await fn(drizzle({ client, schema }) as unknown as Db);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await notifier.drain();
      await listener.close();
      await pool.end();
    },
  };
}

/** The `application_name` of each process's LISTEN connection (which also sends the committed events). */
export const LIVE_CONNECTION_NAME = "bot-arena-live";

type Handlers = Map<string, Set<(payload: string) => void>>;

/** LISTEN needs one connection that stays open; when it drops, reconnect and LISTEN again with backoff. */
function createListener(url: string, log: Log) {
  const handlers: Handlers = new Map();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryDelay = 100;
  let retryTimer: NodeJS.Timeout | null = null;

  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  async function connect(): Promise<pg.Client> {
    // Named, so operators (and the fault tests) can tell it from the pool's connections.
    const next = new pg.Client({ connectionString: url, application_name: LIVE_CONNECTION_NAME });
    next.on("notification", (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "live listener connection lost");
      onLost(next);
    });
    next.on("end", () => onLost(next));
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`);
    retryDelay = 100;
    return next;
  }

  function onLost(lost: pg.Client) {
    if (closed || client !== lost) return;
    client = null;
    lost.end().catch(() => {});
    reconnectLater();
  }

  function reconnectLater() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = null;
      try {
        await ensureClient();
      } catch (error) {
        log.warn({ err: error }, "live listener reconnect failed");
        retryDelay = Math.min(retryDelay * 2, 5_000);
        reconnectLater();
      }
    }, retryDelay);
  }

  async function ensureClient(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    client = await connecting;
    return client;
  }

  const listen = async (channel: string, onPayload: (payload: string) => void): Promise<Unlisten> => {
    const isNew = !handlers.has(channel);
    const set = handlers.get(channel) ?? new Set();
    set.add(onPayload);
    handlers.set(channel, set);
    const current = await ensureClient();
    if (isNew) await current.query(`LISTEN ${quote(channel)}`);
    return async () => {
      set.delete(onPayload);
      if (set.size > 0) return;
      handlers.delete(channel);
      await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
    };
  };

  return {
    listen,
    client: ensureClient,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
