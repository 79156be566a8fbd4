// A guild's chat: its members read and write it under the global chat's rules, its leader and officers delete
// lines, reports and hidden players work as in the global chat, admins moderate it; nobody else reads, writes or
// follows it live, and a member who leaves or is removed stops hearing it at once.
import type { AddressInfo } from "node:net";
import {
  type ChatMessage,
  type ChatReport,
  chatLiveKinds,
  guildChatChannel,
  type LiveServerMessage,
} from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { connectLive, type LiveClient, subscribe } from "../../../test/live-client";
import { chatMessages } from "../../platform/db/schema";
import { foundGuild, guildWithCrew, joinGuild } from "../guilds/testing";
import { blankLines, guildSaid, guildSay, readChat, readGuildChat, said, settled, texts } from "./testing";

const clock = testClock();
const adminEmail = "guild_chat_mod@arena.test";
let t: TestApp;
let baseUrl: string;
let admin: Player;
let guildId: string;
let leader: Player;
let officer: Player;
let member: Player;
/** The leader of another guild. */
let rival: Player;
let rivalGuildId: string;
/** A player in no guild. */
let loner: Player;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { adminEmails: [adminEmail] } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await signUp(t.app, { email: adminEmail });
  const crew = await guildWithCrew(t, 3);
  guildId = crew.guild.id;
  [leader, officer, member] = crew.crew as [Player, Player, Player];
  await leader.post(`/api/guilds/${guildId}/members/${officer.id}/promote`);
  rival = await signUp(t.app);
  rivalGuildId = (await foundGuild(rival)).id;
  loner = await signUp(t.app);
});
afterAll(() => t.close());

/** Each test talks in its own 10-second window, so pace limits of one test never touch the next. */
const nextWindow = () => clock.advance(61_000);
const del = (as: Player, id: string, guild = guildId) =>
  as.request({ method: "DELETE", url: `/api/guilds/${guild}/chat/${id}` });
const linesOf = async (reader: Player) => texts(await readGuildChat(reader));
const notMember = { status: 403, message: messages.notGuildMember };

describe("reading and writing", () => {
  it("a member reads their guild's chat and writes to it; the line stays out of the global chat", async () => {
    nextWindow();
    const sent = await guildSaid(member, guildId, "  rally at   the arena ");
    expect(sent).toMatchObject({ message: "rally at the arena", userId: member.id, kind: "player" });
    const chat = await readGuildChat(officer);
    expect(chat.guild).toMatchObject({ id: guildId });
    expect(chat.canModerate).toBe(true);
    expect(chat.messages.at(-1)).toEqual(sent);
    expect((await readGuildChat(member)).canModerate).toBe(false);
    expect(texts(await readChat(member))).not.toContain("rally at the arena");
    // Another guild's chat and a guildless player's hold none of it.
    expect(await linesOf(rival)).not.toContain("rally at the arena");
    expect(await readGuildChat(loner)).toEqual({
      guild: null,
      canModerate: false,
      messages: [],
      mutedUntil: null,
    });
  });

  it("takes 200 characters, refuses 201 and an empty line, and masks profanity", async () => {
    nextWindow();
    expect((await guildSay(member, guildId, "x".repeat(200))).statusCode).toBe(201);
    expect(errorOf(await guildSay(member, guildId, "y".repeat(201)))).toMatchObject({
      status: 400,
      message: "Message must be at most 200 characters",
    });
    expect(errorOf(await guildSay(member, guildId, "   "))).toMatchObject({
      status: 400,
      message: "Message cannot be empty",
    });
    expect((await guildSaid(member, guildId, "what the fuck, nice shot")).message).toBe(
      "what the ****, nice shot",
    );
  });

  it("posts no line that shows nothing in the guild's chat either (issue 43)", async () => {
    nextWindow();
    for (const [line, message] of blankLines) {
      expect(errorOf(await guildSay(member, guildId, line)), JSON.stringify(line)).toMatchObject({
        status: 400,
        message,
      });
    }
  });

  it("keeps one pace for a player over both chats: 5 in 10 s, the 6th refused wherever it goes", async () => {
    nextWindow();
    for (let i = 1; i <= 3; i++) await guildSaid(member, guildId, `guild burst ${i}`);
    for (let i = 1; i <= 2; i++) await said(member, `global burst ${i}`);
    expect(errorOf(await guildSay(member, guildId, "guild burst 6"))).toMatchObject({
      status: 429,
      message: "You are sending messages too fast. Wait a few seconds.",
    });
    clock.advance(10_001);
    expect((await guildSay(member, guildId, "guild burst 7")).statusCode).toBe(201);
  });

  it("refuses a repeat within a minute in the same chat, not the same words in the other chat", async () => {
    nextWindow();
    await guildSaid(member, guildId, "gg all");
    expect(errorOf(await guildSay(member, guildId, "GG all"))).toMatchObject({
      status: 409,
      message: "You already sent that message",
    });
    expect((await said(member, "gg all")).message).toBe("gg all");
  });

  it("refuses a player of another guild, a player in no guild, an unknown guild and no session; nothing is written", async () => {
    nextWindow();
    const before = (await t.db.select().from(chatMessages)).length;
    expect(errorOf(await guildSay(rival, guildId, "let me in"))).toMatchObject(notMember);
    expect(errorOf(await guildSay(loner, guildId, "let me in"))).toMatchObject(notMember);
    expect(errorOf(await guildSay(member, "00000000-0000-4000-8000-000000000000", "anyone?"))).toMatchObject({
      status: 404,
      message: "Guild not found",
    });
    expect(errorOf(await guildSay(member, "nope", "anyone?"))).toMatchObject({
      status: 400,
      message: "Guild not found",
    });
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/guilds/${guildId}/chat`,
      payload: { message: "hi" },
    });
    expect(errorOf(anonymous)).toMatchObject({ status: 401, message: messages.notAuthenticated });
    expect((await t.app.inject({ method: "GET", url: "/api/chat/guild" })).statusCode).toBe(401);
    expect((await t.db.select().from(chatMessages)).length).toBe(before);
  });
});

describe("deleting lines", () => {
  it("the leader and an officer delete any line; it leaves every reader's chat", async () => {
    nextWindow();
    const first = await guildSaid(member, guildId, "delete me, officer");
    const second = await guildSaid(officer, guildId, "delete me, leader");
    expect((await del(officer, first.id)).json()).toEqual({ message: "Message deleted" });
    expect((await del(leader, second.id)).json()).toEqual({ message: "Message deleted" });
    // A second delete changes nothing.
    expect((await del(leader, second.id)).statusCode).toBe(200);
    const lines = await linesOf(member);
    expect(lines).not.toContain("delete me, officer");
    expect(lines).not.toContain("delete me, leader");
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, first.id));
    expect(row).toMatchObject({ deletedBy: officer.id });
  });

  it("refuses a plain member, the leader of another guild, a stranger, another guild's line; nothing changes", async () => {
    nextWindow();
    const line = await guildSaid(leader, guildId, "only officers may delete this");
    expect(errorOf(await del(member, line.id))).toMatchObject({
      status: 403,
      message: "Only the guild leader or an officer can delete messages",
    });
    expect(errorOf(await del(rival, line.id))).toMatchObject(notMember);
    expect(errorOf(await del(loner, line.id))).toMatchObject(notMember);
    // The rival leads their own guild, but the line is not in its chat.
    expect(errorOf(await del(rival, line.id, rivalGuildId))).toMatchObject({
      status: 404,
      message: "Message not found",
    });
    const global = await said(loner, "a global line");
    expect(errorOf(await del(leader, global.id))).toMatchObject({
      status: 404,
      message: "Message not found",
    });
    expect(errorOf(await del(leader, "nope"))).toMatchObject({ status: 400, message: "Message not found" });
    expect(await linesOf(member)).toContain("only officers may delete this");
    expect(texts(await readChat(loner))).toContain("a global line");
  });
});

describe("mutes, reports, hidden players and the admins", () => {
  it("a muted member can read but neither write nor delete, with the global chat's words", async () => {
    nextWindow();
    const line = await guildSaid(member, guildId, "before the mute");
    const muted = await admin.post("/api/admin/chat/mutes", {
      userId: officer.id,
      minutes: 5,
      reason: "spam",
    });
    expect(muted.statusCode).toBe(200);
    expect(errorOf(await guildSay(officer, guildId, "muted words"))).toMatchObject({
      status: 403,
      message: expect.stringMatching(/^You are muted until /),
    });
    expect(errorOf(await del(officer, line.id))).toMatchObject({
      status: 403,
      message: expect.stringMatching(/^You are muted until /),
    });
    const chat = await readGuildChat(officer);
    expect(chat.mutedUntil).not.toBeNull();
    expect(texts(chat)).toContain("before the mute");
    await admin.request({ method: "DELETE", url: `/api/admin/chat/mutes/${officer.id}` });
    expect((await guildSay(officer, guildId, "free again")).statusCode).toBe(201);
  });

  it("members report a guild line; a stranger cannot; the admins see which guild and delete it for everyone", async () => {
    nextWindow();
    const line = await guildSaid(leader, guildId, "a rude guild line");
    const report = await member.post(`/api/chat/messages/${line.id}/report`, { reason: "rude" });
    expect(report.json()).toEqual({ message: "Message reported. A moderator will take a look." });
    expect(errorOf(await rival.post(`/api/chat/messages/${line.id}/report`, {}))).toMatchObject(notMember);
    const reports = (await admin.get("/api/admin/chat/reports")).json<{ reports: ChatReport[] }>().reports;
    expect(reports.find((r) => r.messageId === line.id)).toMatchObject({
      guild: { id: guildId },
      reportCount: 1,
      reasons: ["rude"],
    });
    const globalLine = await said(loner, "a rude global line");
    await member.post(`/api/chat/messages/${globalLine.id}/report`, {});
    const again = (await admin.get("/api/admin/chat/reports")).json<{ reports: ChatReport[] }>().reports;
    expect(again.find((r) => r.messageId === globalLine.id)).toMatchObject({ guild: null });
    expect(
      (await admin.request({ method: "DELETE", url: `/api/admin/chat/messages/${line.id}` })).statusCode,
    ).toBe(200);
    expect(await linesOf(member)).not.toContain("a rude guild line");
  });

  it("a hidden player's lines leave the reader's guild chat too", async () => {
    nextWindow();
    await guildSaid(leader, guildId, "the leader speaks");
    await member.post("/api/chat/hidden", { userId: leader.id });
    expect(await linesOf(member)).not.toContain("the leader speaks");
    expect(await linesOf(officer)).toContain("the leader speaks");
    await member.request({ method: "DELETE", url: `/api/chat/hidden/${leader.id}` });
    expect(await linesOf(member)).toContain("the leader speaks");
  });
});

const guildEvent =
  (kind: string, match: (data: Record<string, unknown>) => boolean = () => true) =>
  (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: "event" }> =>
    m.type === "event" &&
    m.event.channel === guildChatChannel(guildId) &&
    m.event.kind === kind &&
    match(m.event.data ?? {});
const lineSaying = (text: string) =>
  guildEvent(chatLiveKinds.message, (d) => (d.message as ChatMessage).message === text);

describe("live", () => {
  const open: LiveClient[] = [];
  afterAll(() => {
    for (const client of open) client.close();
  });
  const connect = async (player: Player) => {
    const client = await connectLive(baseUrl, player.cookie);
    open.push(client);
    return client;
  };

  it("lets only members follow the guild's channel: others are told no and hear nothing", async () => {
    nextWindow();
    const [ours, theirs, nobody] = [await connect(officer), await connect(rival), await connect(loner)];
    await subscribe(ours, [guildChatChannel(guildId)]);
    for (const client of [theirs, nobody]) {
      client.send({ type: "subscribe", channels: [guildChatChannel(guildId), "chat"] });
      await client.next(
        (m): m is Extract<LiveServerMessage, { type: "subscribed" }> =>
          m.type === "subscribed" && m.channels.includes("chat"),
      );
      expect(client.messages).toContainEqual({
        type: "error",
        message: `Not allowed to follow ${guildChatChannel(guildId)}`,
      });
    }
    await guildSaid(member, guildId, "members only, live");
    await ours.next(lineSaying("members only, live"));
    for (const client of [theirs, nobody]) {
      await settled(client);
      expect(client.messages.some((m) => m.type === "event")).toBe(false);
    }
  });

  it("a removed member stops hearing the guild at once and cannot follow it again", async () => {
    nextWindow();
    const extra = await signUp(t.app);
    await joinGuild(extra, guildId);
    const [kicked, staying] = [await connect(extra), await connect(member)];
    await subscribe(kicked, ["me", guildChatChannel(guildId)]);
    await subscribe(staying, [guildChatChannel(guildId)]);
    await guildSaid(leader, guildId, "welcome aboard");
    await kicked.next(lineSaying("welcome aboard"));

    expect((await officer.post(`/api/guilds/${guildId}/members/${extra.id}/remove`)).statusCode).toBe(200);
    const told = await kicked.nextEvent(chatLiveKinds.guildMembership);
    expect(told.data).toEqual({ guildId });
    await guildSaid(leader, guildId, "after the kick");
    await staying.next(lineSaying("after the kick"));
    await settled(kicked);
    expect(kicked.messages.some(lineSaying("after the kick"))).toBe(false);

    kicked.send({ type: "subscribe", channels: [guildChatChannel(guildId)] });
    await kicked.next((m): m is Extract<LiveServerMessage, { type: "error" }> => m.type === "error");
    expect(errorOf(await guildSay(extra, guildId, "still here?"))).toMatchObject(notMember);
    expect((await readGuildChat(extra)).guild).toBeNull();
  });

  it("a member who leaves stops hearing it too; a deletion reaches the members' open chats", async () => {
    nextWindow();
    const leaver = await signUp(t.app);
    await joinGuild(leaver, guildId);
    const [gone, staying] = [await connect(leaver), await connect(member)];
    await subscribe(gone, [guildChatChannel(guildId)]);
    await subscribe(staying, [guildChatChannel(guildId)]);
    expect((await leaver.post(`/api/guilds/${guildId}/leave`)).statusCode).toBe(200);
    const line = await guildSaid(leader, guildId, "after the leaving");
    await staying.next(lineSaying("after the leaving"));
    await del(officer, line.id);
    await staying.next(guildEvent(chatLiveKinds.deleted, (d) => d.id === line.id));
    await settled(gone);
    expect(gone.messages.some((m) => m.type === "event")).toBe(false);
  });
});
