// PostgreSQL's own bus: every process LISTENs on one dedicated connection that reconnects with backoff, and sends
// its committed events on that same connection (no pool checkout, no queue behind requests), a hundred NOTIFYs
// to a statement. Every NOTIFY takes the cluster-wide notify lock at its commit: the bus is one queue for every
// process on the database (docs/operations.md, the capacity model). What this process committed while it could
// not reach the bus is lost to the others as well: they resync once it reaches it again (bus.ts, lossNotices).
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../db/database";
import type { PrimaryFinder } from "../db/primary";
import { type BusListener, busCounters, type LiveBus, lossNotices, readPayload } from "./bus";
import { coalescedBarrier } from "./bus-barrier";
import { createBusTrust } from "./bus-trust";
import { LIVE_NOTIFY_CHANNEL, notifyNow } from "./notify";

type Log = { warn(obj: unknown, msg?: string): void };

/** The `application_name` of each process's LISTEN connection (which also sends the committed events). */
export const LIVE_CONNECTION_NAME = "bot-arena-live";

const LISTEN = `LISTEN ${LIVE_NOTIFY_CHANNEL}`;
/** A barrier's round trip that takes longer counts as failed: the caller reads the database instead. */
const BARRIER_TIMEOUT_MS = 1_000;

/** `primary` names the host to connect to now and checks it is writable (NOTIFY and LISTEN need the primary). */
export function postgresLiveBus(
  primary: Pick<PrimaryFinder, "current" | "confirm" | "lost">,
  log: Log,
): LiveBus {
  const listeners = new Set<BusListener>();
  const counters = busCounters();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryDelay = 100;
  let retryTimer: NodeJS.Timeout | null = null;
  /** Set once a connection was lost: the next one that LISTENs again asks every listener to resync. */
  let dropped = false;
  const onClient = new WeakMap<pg.Client, Db>();
  // A dropped LISTEN connection is an event ('end', 'error'), and PostgreSQL queues nothing for a listener that
  // is away: heard from each LISTEN until the connection is lost. No lease: a frozen PostgreSQL stops the
  // requests themselves.
  const trust = createBusTrust({ leaseMs: Number.POSITIVE_INFINITY });
  // A query on the LISTEN connection is answered after the notifications pending for it.
  const barrier = coalescedBarrier(async () => {
    if (!client) throw new Error("live: not listening");
    await client.query("select 1");
  }, BARRIER_TIMEOUT_MS);

  async function publish(payloads: readonly string[]): Promise<number> {
    const current = await ensureClient();
    const db = onClient.get(current) ?? (drizzle({ client: current }) as unknown as Db);
    onClient.set(current, db);
    return notifyNow(db, payloads);
  }
  const losses = lossNotices(async (payloads) => {
    await publish(payloads);
  }, log);

  async function connect(): Promise<pg.Client> {
    // Named, so operators (and the fault tests) can tell it from the pool's connections.
    const next = new pg.Client({
      connectionString: primary.current(),
      application_name: LIVE_CONNECTION_NAME,
    });
    next.on("notification", (msg) => {
      if (msg.channel !== LIVE_NOTIFY_CHANNEL) return;
      const envelope = readPayload(msg.payload ?? "", log);
      if (envelope) for (const listener of listeners) listener.onEnvelope(envelope);
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "live listener connection lost");
      onLost(next);
    });
    next.on("end", () => onLost(next));
    try {
      await next.connect();
      await primary.confirm(next);
    } catch (error) {
      primary.lost();
      await next.end().catch(() => {});
      throw error;
    }
    if (listeners.size > 0) {
      await next.query(LISTEN);
      trust.heard();
    }
    retryDelay = 100;
    return next;
  }

  function onLost(lost: pg.Client) {
    if (closed || client !== lost) return;
    client = null;
    dropped = true;
    trust.lost();
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
    if (dropped && listeners.size > 0) {
      dropped = false;
      for (const listener of listeners) listener.onResync();
    }
    return client;
  }

  return {
    kind: "postgres",
    async send(payloads) {
      try {
        counters.sent(payloads.length, await publish(payloads));
      } catch (error) {
        counters.lost(payloads.length);
        losses.owe();
        throw error;
      }
    },
    async subscribe(own) {
      const listener = losses.hear(own);
      const first = listeners.size === 0;
      listeners.add(listener);
      const current = await ensureClient();
      if (first) {
        await current.query(LISTEN);
        trust.heard();
      }
      return async () => {
        listeners.delete(listener);
        if (listeners.size === 0) await client?.query(`UNLISTEN ${LIVE_NOTIFY_CHANNEL}`).catch(() => {});
      };
    },
    stats: () => ({ ...counters.counts, up: client !== null }),
    trust,
    barrier,
    async close() {
      closed = true;
      losses.close();
      if (retryTimer) clearTimeout(retryTimer);
      const current = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
