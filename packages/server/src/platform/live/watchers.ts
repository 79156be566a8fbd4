// How many players watch each live match, across every server process. A socket subscribed to
// `watch:<battle>@<event channel>` is watching (contract live.ts). Each process counts its own watchers (a player
// once, however many tabs) and reports changed counts on the live bus at most once a flush; every process keeps
// the latest report of each process and pushes the sums, again at most once a flush, to the watch channel and
// the event's channel. A process that stops reporting (killed) is forgotten once its reports go stale, so each
// process repeats its non-zero counts every keep-alive.
import { type LiveServerMessage, WATCHING_KIND, type WatchingEventData } from "@bot-arena/contract";
import type { LiveEnvelope, LiveEvent } from "./publish";

/** The bus's kind for one process's count of one watch channel; never delivered to a socket. */
export const WATCH_REPORT_KIND = "watch-report";

export const isWatchChannel = (channel: string) => channel.startsWith("watch:");

/** `watch:<battle>@<event channel>` into its two parts. */
export function parseWatchChannel(channel: string): { battleId: string; eventChannel: string } {
  const at = channel.indexOf("@");
  return { battleId: channel.slice("watch:".length, at), eventChannel: channel.slice(at + 1) };
}

export type Watchers = ReturnType<typeof createWatchers>;

export function createWatchers(deps: {
  /** This process's name on the bus. */
  node: string;
  /** Sends events to every process (this one included), outside any transaction. */
  announce: (events: readonly LiveEvent[]) => Promise<void>;
  /** The players of this process subscribed to a channel. */
  localPlayers: (channel: string) => number;
  /** Sends a message to this process's sockets subscribed to a channel. */
  pushTo: (channel: string, text: string) => void;
  flushMs: number;
  /** A report older than this is from a process that went away. */
  staleMs: number;
  now: () => number;
  log: { warn(obj: unknown, msg?: string): void };
}) {
  /** Per watch channel: each process's latest count and when it came. */
  const reports = new Map<string, Map<string, { count: number; at: number }>>();
  /** Watch channels whose local count changed since the last report. */
  const toReport = new Set<string>();
  /** Watch channels whose sum changed since the last push. */
  const toPush = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  const total = (channel: string) => {
    let sum = 0;
    for (const report of reports.get(channel)?.values() ?? []) sum += report.count;
    return sum;
  };

  function record(channel: string, node: string, count: number) {
    const byNode = reports.get(channel) ?? new Map<string, { count: number; at: number }>();
    const before = byNode.get(node)?.count ?? 0;
    if (count > 0) byNode.set(node, { count, at: deps.now() });
    else byNode.delete(node);
    if (byNode.size > 0) reports.set(channel, byNode);
    else reports.delete(channel);
    if (before !== count) toPush.add(channel);
  }

  const text = (channel: string, data: WatchingEventData) =>
    JSON.stringify({
      type: "event",
      event: { channel, kind: WATCHING_KIND, data, at: deps.now() },
    } satisfies LiveServerMessage);

  function flush() {
    timer = null;
    if (toReport.size > 0) {
      const events: LiveEvent[] = [];
      for (const channel of toReport) {
        const count = deps.localPlayers(channel);
        record(channel, deps.node, count);
        events.push({ channel, kind: WATCH_REPORT_KIND, data: { node: deps.node, count } });
      }
      toReport.clear();
      deps.announce(events).catch((error) => deps.log.warn({ err: error }, "live: watcher report not sent"));
    }
    const byEvent = new Map<string, Record<string, number>>();
    for (const channel of toPush) {
      const { battleId, eventChannel } = parseWatchChannel(channel);
      const count = total(channel);
      deps.pushTo(channel, text(channel, { battleId, count }));
      byEvent.set(eventChannel, { ...byEvent.get(eventChannel), [battleId]: count });
    }
    toPush.clear();
    for (const [eventChannel, counts] of byEvent) deps.pushTo(eventChannel, text(eventChannel, { counts }));
  }

  const schedule = () => {
    timer ??= setTimeout(flush, deps.flushMs);
  };

  return {
    /** A socket of this process started or stopped watching. */
    changed(channel: string) {
      toReport.add(channel);
      schedule();
    },

    /** A report from the bus (this process's own come back too, and are already counted). */
    heard(envelope: LiveEnvelope) {
      const node = envelope.data?.node;
      const count = envelope.data?.count;
      if (typeof node !== "string" || typeof count !== "number" || node === deps.node) return;
      record(envelope.channel, node, Math.max(0, Math.floor(count)));
      if (toPush.size > 0) schedule();
    },

    /** The counts an event's page needs when it starts following the event (non-zero ones only). */
    countsOf(eventChannel: string): Record<string, number> {
      const counts: Record<string, number> = {};
      for (const channel of reports.keys()) {
        const { battleId, eventChannel: event } = parseWatchChannel(channel);
        if (event === eventChannel) counts[battleId] = total(channel);
      }
      return counts;
    },

    total,
    text,

    /** Repeats this process's non-zero counts and forgets processes that stopped reporting. */
    keepAlive() {
      const oldest = deps.now() - deps.staleMs;
      for (const [channel, byNode] of reports) {
        for (const [node, report] of byNode) {
          if (node === deps.node) toReport.add(channel);
          else if (report.at < oldest) record(channel, node, 0);
        }
      }
      if (toReport.size > 0 || toPush.size > 0) schedule();
    },

    /** Shutting down: this process's watchers are gone for everyone else. */
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      const events: LiveEvent[] = [];
      for (const [channel, byNode] of reports) {
        if (byNode.has(deps.node))
          events.push({ channel, kind: WATCH_REPORT_KIND, data: { node: deps.node, count: 0 } });
      }
      reports.clear();
      if (events.length > 0) await deps.announce(events).catch(() => undefined);
    },
  };
}
