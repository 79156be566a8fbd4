import { LIVE_RESYNC_KIND, type LiveEvent, SIGNED_OUT_KIND } from "@bot-arena/contract";
import { describe, expect, it } from "vitest";
import { backoffDelay, CLOSE_REPLACED, createLiveClient, RESYNC, SIGNED_OUT } from "./live";

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code?: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(event: LiveEvent) {
    this.onmessage?.({ data: JSON.stringify({ type: "event", event }) });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const pending: Array<{ fn: () => void; ms: number }> = [];
  const client = createLiveClient({
    url: () => "ws://test/api/live",
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    timers: {
      setTimeout: (fn, ms) => pending.push({ fn, ms }),
      clearTimeout: () => {},
      setInterval: () => 0,
      clearInterval: () => {},
    },
    random: () => 0.5,
    now: () => 1000,
  });
  const runTimers = () => {
    for (const timer of pending.splice(0)) timer.fn();
  };
  return { client, sockets, pending, runTimers };
}

describe("live client", () => {
  it("subscribes to every channel with a listener once the socket opens", () => {
    const { client, sockets } = setup();
    client.subscribe("me", () => {});
    client.subscribe("music", () => {});
    client.start();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: "subscribe", channels: ["me", "music"] }]);
    client.subscribe("chat", () => {});
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: "subscribe", channels: ["chat"] });
  });

  it("delivers events to the channel's listeners only, until they unsubscribe", () => {
    const { client, sockets } = setup();
    const seen: string[] = [];
    const stop = client.subscribe("me", (event) => seen.push(`me:${event.kind}`));
    client.subscribe("music", (event) => seen.push(`music:${event.kind}`));
    client.start();
    sockets[0]!.open();
    sockets[0]!.push({ channel: "me", kind: "balance", at: 1 });
    stop();
    sockets[0]!.push({ channel: "me", kind: "bots", at: 2 });
    sockets[0]!.push({ channel: "music", kind: "tracks", at: 3 });
    expect(seen).toEqual(["me:resync", "music:resync", "me:balance", "music:tracks"]);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: "unsubscribe", channels: ["me"] });
  });

  it("hands a server's resync (its live bus came back) to the channel's listeners like its own", () => {
    const { client, sockets } = setup();
    const kinds: string[] = [];
    client.subscribe("me", (event) => kinds.push(event.kind));
    client.start();
    sockets[0]!.open();
    sockets[0]!.push({ channel: "me", kind: LIVE_RESYNC_KIND, at: 5 });
    expect(kinds).toEqual([RESYNC, RESYNC]);
    expect(RESYNC).toBe(LIVE_RESYNC_KIND);
    expect(SIGNED_OUT).toBe(SIGNED_OUT_KIND);
  });

  it("tells listeners to resync when it first opens, and again after a drop and resubscribe", () => {
    const { client, sockets, pending, runTimers } = setup();
    const kinds: string[] = [];
    client.subscribe("me", (event) => kinds.push(event.kind));
    client.start();
    sockets[0]!.open();
    expect(kinds).toEqual([RESYNC]);
    sockets[0]!.drop();
    expect(client.status).toBe("reconnecting");
    expect(pending[0]!.ms).toBe(500);
    runTimers();
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([{ type: "subscribe", channels: ["me"] }]);
    expect(kinds).toEqual([RESYNC, RESYNC]);
    expect(client.status).toBe("open");
  });

  it("does not fight back when a newer tab took its place (4409), until asked to reconnect", () => {
    const { client, sockets, pending } = setup();
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop(CLOSE_REPLACED);
    expect(pending).toHaveLength(0);
    expect(client.status).toBe("idle");
    client.reconnectNow();
    expect(sockets).toHaveLength(2);
  });

  it("stays closed after stop()", () => {
    const { client, sockets, pending } = setup();
    client.start();
    sockets[0]!.open();
    client.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(pending).toHaveLength(0);
    expect(client.status).toBe("idle");
  });
});

describe("backoffDelay", () => {
  it("doubles from half a second up to thirty, with jitter", () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, middle))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(20, middle)).toBe(30_000);
    expect(backoffDelay(0, () => 0)).toBe(400);
    expect(backoffDelay(0, () => 1)).toBe(600);
  });
});
