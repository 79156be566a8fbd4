// The chat through two server processes on one database (two apps in this process, each with its own pool
// and its own LISTEN): the pace limit counts a player's messages across both, a message sent through one
// reaches a reader on the other, and a deletion through one removes it from the other's readers; a guild's line
// reaches its members on the other, and a member removed through one stops hearing it on the other at once.
import type { AddressInfo } from "node:net";
import {
  CHAT_UNREAD_CHANNEL,
  type ChatMessage,
  chatLiveKinds,
  guildChatChannel,
  type LiveServerMessage,
} from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asPlayer,
  createTestApp,
  createTestDatabase,
  type Player,
  signUp,
  type TestApp,
  type TestDatabase,
} from "../../../test/helpers";
import { connectLive, type LiveClient, subscribe } from "../../../test/live-client";
import { guildWithCrew } from "../guilds/testing";
import { settled } from "./testing";

const adminEmail = "two_servers_mod@arena.test";
let shared: TestDatabase;
let a: TestApp;
let b: TestApp;
let urlB: string;
beforeAll(async () => {
  shared = await createTestDatabase();
  const config = { adminEmails: [adminEmail] };
  a = await createTestApp({ database: shared.database, config });
  b = await createTestApp({ database: shared.database, config });
  await b.app.listen({ port: 0, host: "127.0.0.1" });
  urlB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await shared?.drop();
});

/** The same player's session, talking to server B. */
const onB = (player: Player) => asPlayer(b.app, player.cookie, player.me);

const isUnread = (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: "event" }> =>
  m.type === "event" && m.event.channel === CHAT_UNREAD_CHANNEL;

const isEvent =
  (kind: string, match: (data: Record<string, unknown>) => boolean) =>
  (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: "event" }> =>
    m.type === "event" && m.event.channel === "chat" && m.event.kind === kind && match(m.event.data ?? {});

describe("chat across two servers", () => {
  it("counts one player's pace over both: of 8 parallel messages split over A and B, 5 pass", async () => {
    const player = await signUp(a.app);
    const viaB = onB(player);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? player : viaB).post("/api/chat/messages", { message: `split ${i}` }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it("delivers a message sent through A to a reader on B, and its deletion too", async () => {
    const writer = await signUp(a.app);
    const reader = await signUp(b.app);
    const admin = await signUp(a.app, { email: adminEmail });
    let live: LiveClient | null = null;
    try {
      live = await connectLive(urlB, reader.cookie);
      await subscribe(live, ["chat"]);
      const sent = (await writer.post("/api/chat/messages", { message: "hello from A" })).json<ChatMessage>();
      const arrived = await live.next(
        isEvent("message", (d) => (d.message as ChatMessage).id === sent.id),
        10_000,
      );
      expect(arrived.event.data!.message).toEqual(sent);
      await admin.request({ method: "DELETE", url: `/api/admin/chat/messages/${sent.id}` });
      await live.next(
        isEvent("deleted", (d) => d.id === sent.id),
        10_000,
      );
      const onServerB = (await b.app.inject({ method: "GET", url: "/api/chat/messages" })).json();
      expect(onServerB.messages.map((m: ChatMessage) => m.id)).not.toContain(sent.id);
    } finally {
      live?.close();
    }
  });

  it("gives a closed panel's badge one digest of who wrote (from either server), not every message", async () => {
    const [ann, bob] = [await signUp(a.app), await signUp(b.app)];
    const reader = await signUp(b.app);
    let badge: LiveClient | null = null;
    let panel: LiveClient | null = null;
    try {
      badge = await connectLive(urlB, reader.cookie);
      panel = await connectLive(urlB, reader.cookie);
      await subscribe(badge, [CHAT_UNREAD_CHANNEL]);
      await subscribe(panel, ["chat", CHAT_UNREAD_CHANNEL]);
      await ann.post("/api/chat/messages", { message: "one from A" });
      await onB(bob).post("/api/chat/messages", { message: "one from B" });
      const digest = await badge.next(isUnread, 10_000);
      // Gathered, not sent per message: the first digest names both writers (one per message would name ann
      // alone), and it is all the badge was sent.
      expect(digest.event).toMatchObject({ kind: chatLiveKinds.unread, data: { from: [ann.id, bob.id] } });
      await settled(badge);
      expect(badge.messages.filter(isUnread)).toHaveLength(1);
      expect(badge.messages.some((m) => m.type === "event" && m.event.channel === "chat")).toBe(false);
      // A socket that follows the chat itself has every message and needs no digest: the digest went to every
      // socket of its channel at once, so once the panel has answered a ping since, it would have had it.
      await panel.next(
        isEvent("message", (d) => (d.message as ChatMessage).message === "one from B"),
        10_000,
      );
      await settled(panel);
      expect(panel.messages.some(isUnread)).toBe(false);
    } finally {
      badge?.close();
      panel?.close();
    }
  });

  it("delivers a guild's line to its members on the other server, and a removal there ends it at once", async () => {
    const { guild, leader, crew } = await guildWithCrew(a, 3);
    const [, listener, removed] = crew as [Player, Player, Player];
    const channel = guildChatChannel(guild.id);
    let staying: LiveClient | null = null;
    let leaving: LiveClient | null = null;
    const saying = (text: string) => (m: LiveServerMessage) =>
      m.type === "event" &&
      m.event.channel === channel &&
      (m.event.data?.message as ChatMessage | undefined)?.message === text;
    try {
      staying = await connectLive(urlB, listener.cookie);
      leaving = await connectLive(urlB, removed.cookie);
      await subscribe(staying, [channel]);
      await subscribe(leaving, [channel]);
      await leader.post(`/api/guilds/${guild.id}/chat`, { message: "from server A" });
      for (const client of [staying, leaving]) {
        await client.next((m): m is LiveServerMessage => saying("from server A")(m), 10_000);
      }
      await leader.post(`/api/guilds/${guild.id}/members/${removed.id}/remove`);
      await leader.post(`/api/guilds/${guild.id}/chat`, { message: "after the removal" });
      await staying.next((m): m is LiveServerMessage => saying("after the removal")(m), 10_000);
      await settled(leaving);
      expect(leaving.messages.some(saying("after the removal"))).toBe(false);
    } finally {
      staying?.close();
      leaving?.close();
    }
  });
});
