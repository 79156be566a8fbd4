// The bus on Redis pub/sub (LIVE_BUS_URL): committed events leave the database alone, so no commit waits for
// PostgreSQL's notify lock. A batch of events is one PUBLISH of a JSON array on the deployment's channel; every
// process SUBSCRIBEs on a connection of its own. When that connection drops, it reconnects, subscribes again and
// asks every socket to resync. Redis keeps nothing for a subscriber that is away: what was published meanwhile,
// and what this process committed while it could not publish, is lost (counted in `stats().lost`); for the
// latter, the other processes resync once this one can publish again (bus.ts, lossNotices).
import type { Redis } from "ioredis";
import { COMMAND_TIMEOUT_MS, type SharedRedis } from "../redis";
import { asEnvelope, type BusListener, busCounters, type LiveBus, lossNotices } from "./bus";
import { coalescedBarrier } from "./bus-barrier";
import { createBusTrust } from "./bus-trust";

type Log = { warn(obj: unknown, msg?: string): void };

/** How long subscribing waits for Redis before the hub starts without it (its sockets resync once it is there). */
const FIRST_SUBSCRIBE_WAIT_MS = 3_000;
/**
 * How often the subscribed connection sends PING: a stopped (SIGSTOP) or unreachable Redis keeps the socket open
 * and sends nothing, which cannot be told from a quiet bus but by asking.
 */
export const HEARTBEAT_MS = 500;
/**
 * Silence past this long means this process may have missed events, a sign-out among them (bus-trust.ts): two
 * heartbeats and a margin for a busy event loop.
 */
export const HEARD_LEASE_MS = 1_500;

export function redisLiveBus(redis: SharedRedis, log: Log): LiveBus {
  const channel = redis.key("live");
  const listeners = new Set<BusListener>();
  const counters = busCounters();
  let subscriber: Redis | null = null;
  let subscribed = false;
  /** Set when a subscription was lost (or never came in time): the next one asks for a resync. */
  let missed = false;
  const waiting = new Set<() => void>();
  const trust = createBusTrust({ leaseMs: HEARD_LEASE_MS });
  const publish = async (payloads: readonly string[]) => {
    if (redis.client.status !== "ready") throw new Error("live: Redis is not reachable");
    await redis.client.publish(channel, `[${payloads.join(",")}]`);
  };
  const losses = lossNotices(publish, log);
  let heartbeat: NodeJS.Timeout | null = null;
  let pinging = false;
  // A PING on the subscribed connection is answered after every message delivered there before it.
  const barrier = coalescedBarrier(async () => {
    const connection = subscriber;
    if (!connection || !subscribed) throw new Error("live: not subscribed");
    await connection.ping();
    if (trust.epoch() !== null) trust.heard();
  }, COMMAND_TIMEOUT_MS);

  /** One PING at a time: an answer means every message published before it has reached this process. */
  function beat() {
    const connection = subscriber;
    if (!connection || !subscribed || pinging) return;
    pinging = true;
    connection.ping().then(
      () => {
        pinging = false;
        if (!subscribed || connection !== subscriber) return;
        const gap = trust.epoch() === null;
        trust.heard();
        // Silent past the lease but never closed (a stopped Redis that came back): what was published
        // meanwhile never arrived, as after a reconnect.
        if (gap) for (const listener of listeners) listener.onResync();
      },
      () => {
        // Timed out or refused: the lease runs out by itself; a closed connection says so on 'close'.
        pinging = false;
      },
    );
  }

  function hear(from: string, message: string) {
    if (from !== channel) return;
    let payloads: unknown;
    try {
      payloads = JSON.parse(message);
    } catch {
      payloads = null;
    }
    if (!Array.isArray(payloads)) {
      log.warn({ message: message.slice(0, 200) }, "live: unreadable message on the bus");
      return;
    }
    for (const payload of payloads) {
      const envelope = asEnvelope(payload, log);
      if (envelope) for (const listener of listeners) listener.onEnvelope(envelope);
    }
  }

  async function listen(connection: Redis) {
    try {
      await connection.subscribe(channel);
    } catch (error) {
      // The connection dropped again before the answer; its next "ready" tries again.
      log.warn({ err: error }, "live: subscribing to the bus failed");
      return;
    }
    subscribed = true;
    trust.heard();
    for (const wake of waiting) wake();
    waiting.clear();
    if (missed) {
      missed = false;
      for (const listener of listeners) listener.onResync();
    }
  }

  function connectSubscriber(): Redis {
    // Subscribed again by hand on every "ready", so the resync comes after the subscription, not before.
    const connection = redis.duplicate({ autoResubscribe: false });
    connection.on("message", hear);
    connection.on("ready", () => void listen(connection));
    connection.on("close", () => {
      if (subscribed) missed = true;
      subscribed = false;
      trust.lost();
    });
    // The shared connection reports outages; this one would only repeat them.
    connection.on("error", () => {});
    return connection;
  }

  return {
    kind: "redis",
    async send(payloads) {
      // Disconnected: not an error for the notifier to log per batch, the outage is logged once (redis.ts). A
      // connection that is up but slow is still tried: nobody waits for this send but the next batch.
      if (redis.client.status !== "ready") {
        counters.lost(payloads.length);
        losses.owe();
        return;
      }
      try {
        await publish(payloads);
      } catch (error) {
        counters.lost(payloads.length);
        losses.owe();
        throw error;
      }
      counters.sent(payloads.length);
    },
    async subscribe(own) {
      const listener = losses.hear(own);
      listeners.add(listener);
      subscriber ??= connectSubscriber();
      if (!heartbeat) {
        heartbeat = setInterval(beat, HEARTBEAT_MS);
        heartbeat.unref();
      }
      if (!subscribed) {
        const heard = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            waiting.delete(wake);
            resolve(false);
          }, FIRST_SUBSCRIBE_WAIT_MS);
          const wake = () => {
            clearTimeout(timer);
            resolve(true);
          };
          waiting.add(wake);
        });
        if (!heard) {
          missed = true;
          log.warn("live: the bus is not reachable yet; sockets resync once it is");
        }
      }
      return async () => {
        listeners.delete(listener);
      };
    },
    // Up while this process hears the bus (its heartbeat within the lease) and its commands reach Redis.
    stats: () => ({ ...counters.counts, up: trust.epoch() !== null && redis.up() }),
    trust,
    barrier,
    async close() {
      losses.close();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      const connection = subscriber;
      subscriber = null;
      subscribed = false;
      await connection?.quit().catch(() => connection.disconnect());
      await redis.close();
    },
  };
}
