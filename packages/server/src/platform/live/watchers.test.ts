// Watcher counts across processes: each process reports its own players, every process pushes the sum, a
// process that went away is forgotten once its reports are stale, and one shutting down takes its count along.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEnvelope, LiveEvent } from "./publish";
import { createWatchers, parseWatchChannel } from "./watchers";

const battle = "11111111-1111-4111-8111-111111111111";
const tournament = "tournament:22222222-2222-4222-8222-222222222222";
const channel = `watch:${battle}@${tournament}`;

type Process = ReturnType<typeof aProcess>;

/** One process: its own players per channel, what it pushed to its sockets, and the bus it shares. */
function aProcess(node: string, bus: { deliver(events: readonly LiveEvent[]): void }) {
  const players = new Map<string, number>();
  const pushed: { channel: string; data: Record<string, unknown> }[] = [];
  const watchers = createWatchers({
    node,
    announce: async (events) => bus.deliver(events),
    localPlayers: (c) => players.get(c) ?? 0,
    pushTo: (c, text) => pushed.push({ channel: c, data: JSON.parse(text).event.data }),
    flushMs: 100,
    staleMs: 1_000,
    now: Date.now,
    log: { warn: () => {} },
  });
  return {
    watchers,
    players,
    pushed,
    lastOn: (c: string) => pushed.filter((p) => p.channel === c).at(-1)?.data,
  };
}

function aCluster(count: number): Process[] {
  const processes: Process[] = [];
  const bus = {
    deliver: (events: readonly LiveEvent[]) => {
      for (const event of events)
        for (const p of processes) p.watchers.heard({ ...event, at: Date.now() } as LiveEnvelope);
    },
  };
  for (let i = 0; i < count; i++) processes.push(aProcess(`node-${i}`, bus));
  return processes;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("watchers", () => {
  it("reads a watch channel's battle and event", () => {
    expect(parseWatchChannel(channel)).toEqual({ battleId: battle, eventChannel: tournament });
  });

  it("sums every process's players and pushes the sum to the watch channel and the event's channel", async () => {
    const [a, b] = aCluster(2) as [Process, Process];
    a.players.set(channel, 2);
    a.watchers.changed(channel);
    b.players.set(channel, 1);
    b.watchers.changed(channel);
    await vi.advanceTimersByTimeAsync(250);
    for (const p of [a, b]) {
      expect(p.lastOn(channel)).toEqual({ battleId: battle, count: 3 });
      expect(p.lastOn(tournament)).toEqual({ counts: { [battle]: 3 } });
      expect(p.watchers.countsOf(tournament)).toEqual({ [battle]: 3 });
    }
    b.players.set(channel, 0);
    b.watchers.changed(channel);
    await vi.advanceTimersByTimeAsync(250);
    expect(a.lastOn(channel)).toEqual({ battleId: battle, count: 2 });
  });

  it("forgets a process that stopped reporting, and keeps one that repeats its count", async () => {
    const [a, b, c] = aCluster(3) as [Process, Process, Process];
    for (const p of [a, b, c]) {
      p.players.set(channel, 1);
      p.watchers.changed(channel);
    }
    await vi.advanceTimersByTimeAsync(150);
    expect(a.watchers.total(channel)).toBe(3);
    // c is killed: it never reports again; a and b keep theirs alive.
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(400);
      a.watchers.keepAlive();
      b.watchers.keepAlive();
    }
    await vi.advanceTimersByTimeAsync(150);
    expect(a.watchers.total(channel)).toBe(2);
    expect(a.lastOn(channel)).toEqual({ battleId: battle, count: 2 });
  });

  it("a process shutting down takes its watchers with it", async () => {
    const [a, b] = aCluster(2) as [Process, Process];
    b.players.set(channel, 4);
    b.watchers.changed(channel);
    await vi.advanceTimersByTimeAsync(150);
    expect(a.watchers.total(channel)).toBe(4);
    await b.watchers.close();
    expect(a.watchers.total(channel)).toBe(0);
  });
});
