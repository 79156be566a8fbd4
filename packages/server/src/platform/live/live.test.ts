// The live channel end to end: real WebSocket clients against a listening server.

import type { AddressInfo } from "node:net";
import type { LiveServerMessage } from "@bot-arena/contract";
import { Coins } from "@bot-arena/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../../../test/helpers";
import { connectLive, subscribe } from "../../../test/live-client";
import { moveCoins } from "../ledger";
import { encodeEnvelope, MAX_PAYLOAD_BYTES, publish } from "./publish";

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ config: { liveHeartbeatMs: 200 } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const isError = (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: "error" }> =>
  m.type === "error";

describe("connecting", () => {
  it("closes a socket without a session with 4401", async () => {
    const client = await connectLive(baseUrl);
    expect(await client.closed).toEqual({ code: 4401, reason: "Not authenticated" });
  });

  it("closes a socket opened by another site's page with 4403", async () => {
    const player = await signUp(t.app);
    const client = await connectLive(baseUrl, player.cookie, { origin: "https://evil.example" });
    expect((await client.closed).code).toBe(4403);
  });

  it("accepts the server's own origin", async () => {
    const player = await signUp(t.app);
    const client = await connectLive(baseUrl, player.cookie, { origin: baseUrl });
    client.send({ type: "ping" });
    await client.next((m): m is { type: "pong" } => m.type === "pong");
    client.close();
  });
});

describe("messages", () => {
  it("answers ping with pong, and bad messages with an error without closing", async () => {
    const player = await signUp(t.app);
    const client = await connectLive(baseUrl, player.cookie);
    client.socket.send("not json");
    expect((await client.next(isError)).message).toBe("Messages must be JSON");
    client.send({ type: "subscribe", channels: ["somebody-elses-channel"] });
    await client.next(
      (m): m is Extract<LiveServerMessage, { type: "error" }> => isError(m) && m.message.includes("channel"),
    );
    client.send({ type: "ping" });
    await client.next((m): m is { type: "pong" } => m.type === "pong");
    client.close();
  });

  it("confirms subscriptions and unsubscriptions with the current channel list", async () => {
    const player = await signUp(t.app);
    const client = await connectLive(baseUrl, player.cookie);
    await subscribe(client, ["me", "music"]);
    client.send({ type: "unsubscribe", channels: ["music"] });
    await client.next(
      (m): m is Extract<LiveServerMessage, { type: "subscribed" }> =>
        m.type === "subscribed" && m.channels.length === 1 && m.channels[0] === "me",
    );
    client.close();
  });
});

describe("events", () => {
  it("delivers a balance event on `me` after a ledger move, to that player only", async () => {
    const [ann, bob] = [await signUp(t.app), await signUp(t.app)];
    const annClient = await connectLive(baseUrl, ann.cookie);
    const bobClient = await connectLive(baseUrl, bob.cookie);
    await subscribe(annClient, ["me"]);
    await subscribe(bobClient, ["me"]);

    const before = Date.now();
    await t.db.transaction((tx) =>
      moveCoins(tx, { userId: ann.id, account: "wallet", debit: Coins(250), reason: "refresh" }),
    );
    // Her sign-up's own balance (1000) may still be on its way: the one awaited is the move's.
    const { event } = await annClient.next(
      (m): m is Extract<LiveServerMessage, { type: "event" }> =>
        m.type === "event" && m.event.kind === "balance" && m.event.data?.coins !== 1000,
    );
    expect(event).toMatchObject({ channel: "me", kind: "balance", data: { coins: 750 } });
    expect(event.at).toBeGreaterThanOrEqual(before);

    await new Promise((resolve) => setTimeout(resolve, 100));
    // Bob may still hear his own sign-up's balance (announced after its commit); never Ann's 750.
    const heardByBob = bobClient.messages.filter((m) => m.type === "event");
    expect(heardByBob.filter((m) => m.event.data?.coins === 750)).toEqual([]);
    annClient.close();
    bobClient.close();
  });

  it("delivers nothing when the transaction rolls back", async () => {
    const player = await signUp(t.app);
    const client = await connectLive(baseUrl, player.cookie);
    await subscribe(client, ["me"]);
    await t.db
      .transaction(async (tx) => {
        await moveCoins(tx, { userId: player.id, account: "wallet", debit: Coins(1), reason: "test" });
        throw new Error("rollback");
      })
      .catch(() => {});
    await publish(t.db, { channel: "me", kind: "marker", userId: player.id });
    await client.nextEvent("marker");
    // The sign-up's own 1000 may arrive late; the rolled-back 999 never.
    expect(
      client.messages.some(
        (m) => m.type === "event" && m.event.kind === "balance" && m.event.data?.coins === 999,
      ),
    ).toBe(false);
    client.close();
  });

  it("broadcasts a public channel to every subscriber and skips the others", async () => {
    const [a, b, c] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const listeners = [await connectLive(baseUrl, a.cookie), await connectLive(baseUrl, b.cookie)];
    const bystander = await connectLive(baseUrl, c.cookie);
    for (const client of listeners) await subscribe(client, ["music"]);
    await subscribe(bystander, ["me"]);
    await publish(t.db, { channel: "music", kind: "tracks" });
    for (const client of listeners)
      expect(await client.nextEvent("tracks")).toMatchObject({ channel: "music" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bystander.messages.some((m) => m.type === "event" && m.event.channel === "music")).toBe(false);
    for (const client of [...listeners, bystander]) client.close();
  });

  it("signing out tells that session's sockets and closes them with 4401; other sessions stay", async () => {
    const player = await signUp(t.app);
    const otherDevice = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      payload: { email: player.email, password: player.password },
    });
    const otherCookie = String(otherDevice.cookies.find((c) => c.name === "ba_session")?.value);
    const thisTab = await connectLive(baseUrl, player.cookie);
    const otherTab = await connectLive(baseUrl, `ba_session=${otherCookie}`);
    await subscribe(thisTab, ["me"]);
    await subscribe(otherTab, ["me"]);

    await player.post("/api/auth/sign-out");
    expect(await thisTab.nextEvent("signed-out")).toMatchObject({ channel: "me" });
    expect((await thisTab.closed).code).toBe(4401);
    otherTab.send({ type: "ping" });
    await otherTab.next((m): m is { type: "pong" } => m.type === "pong");
    expect(otherTab.messages.some((m) => m.type === "event" && m.event.kind === "signed-out")).toBe(false);
    otherTab.close();
  });

  it("drops a socket that stops answering heartbeats", async () => {
    const player = await signUp(t.app);
    // A client that never answers pings, as a vanished network peer would not.
    const client = await connectLive(baseUrl, player.cookie, {}, { autoPong: false });
    const closed = await client.closed;
    expect(closed.code).toBe(1006);
  });
});

describe("payloads", () => {
  it("stay under PostgreSQL's NOTIFY limit by dropping oversized data", () => {
    const huge = encodeEnvelope({ channel: "chat", kind: "message", data: { text: "x".repeat(20_000) } });
    expect(Buffer.byteLength(huge)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(JSON.parse(huge)).toMatchObject({ channel: "chat", kind: "message", at: expect.any(Number) });
    expect(JSON.parse(huge).data).toBeUndefined();
  });
});
