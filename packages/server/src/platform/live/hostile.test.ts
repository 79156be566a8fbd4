// A hostile client against the live channel: many sockets on one session, a client that never reads, a
// message flood. Each must leave the server as it was, with a close code the client can read.
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestApp, signUp, type TestApp } from "../../../test/helpers";
import { connectLive, subscribe } from "../../../test/live-client";
import { closeCodes, MAX_SOCKETS_PER_PLAYER, MAX_SOCKETS_PER_SESSION, MESSAGE_BURST } from "./hub";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  // A slow heartbeat, so only the send-buffer bound can drop a client that stops reading.
  t = await createTestApp({ config: { liveHeartbeatMs: 10 * 60_000 } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const until = async (done: () => boolean, timeoutMs = 30_000) => {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
};

/** Opens `count` sockets with one cookie, a batch at a time; resolves with each socket and how it ended. */
async function openMany(cookie: string, count: number) {
  const url = `${baseUrl.replace(/^http/, "ws")}/api/live`;
  const sockets: { socket: WebSocket; closed: { code: number; reason: string } | null }[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, () => {
      const entry = {
        socket: new WebSocket(url, { headers: { cookie } }),
        closed: null as null | { code: number; reason: string },
      };
      entry.socket.on("close", (code, reason) => {
        entry.closed = { code, reason: reason.toString() };
      });
      entry.socket.on("error", () => {});
      sockets.push(entry);
      return new Promise<void>((resolve) => {
        entry.socket.once("open", () => resolve());
        entry.socket.once("close", () => resolve());
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

const memory = () => {
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

describe("sockets per session and per player", () => {
  it("1,000 sockets on one session leave at most the cap open; the oldest close with 4409", async () => {
    const player = await signUp(t.app);
    const sockets = await openMany(player.cookie, 1000);
    const settled = await until(
      () => sockets.filter((s) => s.closed === null).length <= MAX_SOCKETS_PER_SESSION,
      60_000,
    );
    expect(settled).toBe(true);
    const open = sockets.filter((s) => s.closed === null);
    expect(open.length).toBe(MAX_SOCKETS_PER_SESSION);
    // Every other one was told why (which ones stay depends on the order the upgrades finished in).
    const closed = sockets.filter((s) => s.closed !== null);
    expect(closed.every((s) => s.closed?.code === closeCodes.replaced)).toBe(true);
    expect(closed[0]?.closed?.reason).toBe("Too many live connections for this session");
    expect(t.app.live.connectionCount()).toBeLessThanOrEqual(MAX_SOCKETS_PER_SESSION);
    for (const s of open) s.socket.close();
    await until(() => t.app.live.connectionCount() === 0);
  }, 120_000);

  it("caps a player's sockets over all their sessions", async () => {
    const player = await signUp(t.app);
    const sessions = [player.cookie];
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        payload: { email: player.email, password: player.password },
      });
      const token = response.cookies.find((c) => c.name === "ba_session")?.value;
      sessions.push(`ba_session=${token}`);
    }
    const all: Awaited<ReturnType<typeof openMany>> = [];
    for (const cookie of sessions) all.push(...(await openMany(cookie, MAX_SOCKETS_PER_SESSION)));
    await until(() => all.filter((s) => s.closed === null).length <= MAX_SOCKETS_PER_PLAYER);
    const open = all.filter((s) => s.closed === null);
    expect(open.length).toBe(MAX_SOCKETS_PER_PLAYER);
    expect(all.find((s) => s.closed)?.closed).toEqual({
      code: closeCodes.replaced,
      reason: "Too many live connections for this player",
    });
    // Another player is not affected.
    const other = await signUp(t.app);
    const client = await connectLive(baseUrl, other.cookie);
    await subscribe(client, ["me"]);
    client.close();
    for (const s of open) s.socket.close();
  }, 60_000);
});

describe("a client that never reads", () => {
  it("is cut once its unsent data passes the bound, and the server's memory returns", async () => {
    // 8,000 distinct events of ~7 KB on a public channel: ~56 MB for each socket subscribed to it.
    const padding = "x".repeat(7000);
    const events = Array.from({ length: 8000 }, (_, i) =>
      JSON.stringify({ channel: "marketplace", kind: "flood", data: { i, pad: padding }, at: 0 }),
    );
    // On the bus as committed events go, a hundred at a time.
    const flood = async () => {
      for (let i = 0; i < events.length; i += 100) await t.database.bus.send(events.slice(i, i + 100));
    };
    // Once with nobody listening: the database's own buffers grow to their high-water mark (PGlite's memory
    // never shrinks), so what is measured below is what the sockets hold.
    await flood();
    await new Promise((resolve) => setTimeout(resolve, 500));

    const player = await signUp(t.app);
    const reader = await connectLive(baseUrl, player.cookie);
    await subscribe(reader, ["marketplace"]);
    const hostile = await connectLive(baseUrl, player.cookie);
    await subscribe(hostile, ["marketplace"]);
    reader.close();
    await until(() => t.app.live.connectionCount() === 1);
    // From here on the client takes nothing off its connection: the kernel's buffers fill, then the server's.
    hostile.socket.pause();
    const before = memory();

    await flood();
    const cut = await until(() => t.app.live.connectionCount() === 0, 60_000);
    // A busy machine may free the socket's buffers a little later: the lowest of a few readings counts.
    let after = memory();
    for (let i = 0; i < 20 && after >= before * 1.2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = Math.min(after, memory());
    }
    // Logged so a run shows the figures the performance page quotes.
    console.info(
      `never-reading client: before ${(before / 2 ** 20).toFixed(1)} MiB, after ${(after / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(cut).toBe(true);
    expect(after).toBeLessThan(before * 1.2);

    hostile.socket.terminate();
  }, 120_000);
});

describe("a message flood", () => {
  it("closes a socket that sends faster than the rate with 4429; a normal client is untouched", async () => {
    const player = await signUp(t.app);
    const calm = await connectLive(baseUrl, player.cookie);
    const flood = await connectLive(baseUrl, player.cookie);
    for (let i = 0; i < MESSAGE_BURST * 5; i++) flood.send({ type: "ping" });
    expect(await flood.closed).toEqual({ code: closeCodes.tooManyMessages, reason: "Too many messages" });
    for (let i = 0; i < 10; i++) calm.send({ type: "ping" });
    await calm.next((m): m is { type: "pong" } => m.type === "pong");
    await subscribe(calm, ["me"]);
    calm.close();
  });
});
