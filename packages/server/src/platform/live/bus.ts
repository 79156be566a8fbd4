// The live bus: how one process's committed events reach every process (itself included). Three carry it, one
// chosen when the database opens: PGlite's LISTEN/NOTIFY inside the process (pglite-bus.ts), PostgreSQL's
// LISTEN/NOTIFY on one connection per process (postgres-bus.ts), or Redis pub/sub with LIVE_BUS_URL
// (redis-bus.ts), which keeps the events off the database and its cluster-wide notify lock. Events are hints to
// refetch, so a bus may lose some: when its connection comes back it says so (`onResync`), and the hub tells
// every socket of the process to refetch. Events a process committed but could not send are lost to every other
// process too: once it can send again it puts a notice on the bus (`lossNotice`), and the others resync.
import { randomUUID } from "node:crypto";
import type { BusBarrier } from "./bus-barrier";
import type { BusTrust } from "./bus-trust";
import type { LiveEnvelope } from "./publish";

export type BusKind = "pglite" | "postgres" | "redis";

export type BusListener = {
  /** An event some process published (this one's own too), in the order that process sent them. */
  onEnvelope(envelope: LiveEnvelope): void;
  /** The bus connection came back after a drop: events published meanwhile may never arrive. */
  onResync(): void;
};

/** What the bus did so far, for the metrics route. */
export type BusStats = {
  /** Messages put on the bus: NOTIFY statements (a hundred events each at most) or PUBLISH commands. */
  sends: number;
  events: number;
  /** Events committed but not sent because the bus was unreachable. */
  lost: number;
  up: boolean;
};

export type LiveBus = {
  kind: BusKind;
  /** Sends committed events' payloads (encodeEnvelope) in order; rejects when the bus cannot take them. */
  send(payloads: readonly string[]): Promise<void>;
  /** One listener per process (the live hub); resolves once it hears the bus (or the bus is down and retrying). */
  subscribe(listener: BusListener): Promise<() => Promise<void>>;
  stats(): BusStats;
  /** Whether this process hears the bus now (bus-trust.ts): the sessions trust their memory only while it does. */
  trust: BusTrust;
  /** Resolves once what the bus took before the call has reached this process (bus-barrier.ts). */
  barrier: BusBarrier;
  close(): Promise<void>;
};

type Log = { warn(obj: unknown, msg?: string): void };

/** A payload off the bus as an envelope; one nobody could have sent is logged and dropped. */
export function readPayload(payload: string, log: Log): LiveEnvelope | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    value = null;
  }
  return asEnvelope(value, log);
}

/** An event as parsed off the bus, checked for the two fields every delivery reads. */
export function asEnvelope(value: unknown, log: Log): LiveEnvelope | null {
  const envelope = value as LiveEnvelope | null;
  if (envelope && typeof envelope.channel === "string" && typeof envelope.kind === "string") return envelope;
  log.warn({ event: JSON.stringify(value)?.slice(0, 200) }, "live: unreadable event on the bus");
  return null;
}

/**
 * The kind of the notice a process sends once it can reach the bus again after events it committed were lost:
 * every other process resyncs its sockets (it resyncs its own when its subscription comes back).
 */
export const LOST_EVENTS_KIND = "bus-lost-events";

/** How often a process that owes the notice tries to send it while the bus is unreachable. */
export const LOSS_NOTICE_RETRY_MS = 250;

/**
 * A bus's losses, told to the other processes: `owe()` when events could not be sent, and the notice goes out
 * through `attempt` (which rejects when the bus is unreachable) as soon as it can. `hear` wraps the process's
 * listener so a notice from another process is a resync, and one's own is nothing.
 */
export function lossNotices(attempt: (payloads: readonly string[]) => Promise<void>, log: Log) {
  const origin = randomUUID();
  const notice = JSON.stringify({ channel: "bus", kind: LOST_EVENTS_KIND, data: { origin }, at: 0 });
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  function retry() {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      attempt([notice]).then(
        () => log.warn({}, "live: events this process could not send were lost; the others resync"),
        () => retry(),
      );
    }, LOSS_NOTICE_RETRY_MS);
    timer.unref();
  }
  return {
    owe: retry,
    hear: (listener: BusListener): BusListener => ({
      onEnvelope(envelope) {
        if (envelope.kind !== LOST_EVENTS_KIND) return listener.onEnvelope(envelope);
        if ((envelope.data as { origin?: unknown } | undefined)?.origin !== origin) listener.onResync();
      },
      onResync: () => listener.onResync(),
    }),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** Counts what a bus sent, for its `stats()`. */
export function busCounters() {
  const counts = { sends: 0, events: 0, lost: 0 };
  return {
    counts,
    sent(events: number, sends = 1) {
      counts.sends += sends;
      counts.events += events;
    },
    lost(events: number) {
      counts.lost += events;
    },
  };
}
