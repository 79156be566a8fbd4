// Test helpers in the chat's language: send, read (the global chat and a guild's), and the admins' log rows.
import type { ChatMessage, ChatMessageList, GuildChat, LiveServerMessage } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Player, TestApp } from "../../../test/helpers";
import type { LiveClient } from "../../../test/live-client";
import { adminOperations } from "../../platform/db/schema";

export const say = (player: Player, message: unknown) => player.post("/api/chat/messages", { message });

export async function said(player: Player, message: string): Promise<ChatMessage> {
  const response = await say(player, message);
  if (response.statusCode !== 201) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  return response.json<ChatMessage>();
}

export async function readChat(reader: Player | FastifyInstance): Promise<ChatMessageList> {
  const response =
    "cookie" in reader
      ? await reader.get("/api/chat/messages")
      : await reader.inject({ method: "GET", url: "/api/chat/messages" });
  if (response.statusCode !== 200) throw new Error(`read failed: ${response.statusCode} ${response.body}`);
  return response.json<ChatMessageList>();
}

export const texts = (list: ChatMessageList) => list.messages.map((m) => m.message);

/** Lines that show nothing (issue 43), each with the refusal it gets: the blank set's, or nothing visible. */
export const blankLines: readonly (readonly [string, string])[] = [
  ["\u3164\u3164\u3164", messages.chatMessageBlankCharacters], // Hangul fillers
  ["\uFFA0\u115F\u1160", messages.chatMessageBlankCharacters], // the other Hangul fillers
  ["\u2800\u2800", messages.chatMessageBlankCharacters], // Braille blanks
  ["\u034F\u034F", messages.chatMessageBlankCharacters], // combining grapheme joiners
  ["\u180B\u180C\u180D", messages.chatMessageBlankCharacters], // Mongolian variation selectors
  ["\uE000\u{F0000}", messages.chatMessageBlankCharacters], // private use
  ["\u0301\u0308", messages.chatMessageNothingVisible], // lone combining marks
];

export const logRows = (t: TestApp, action: string) =>
  t.db
    .select()
    .from(adminOperations)
    .where(and(eq(adminOperations.action, action)))
    .orderBy(desc(adminOperations.id));

export const guildSay = (player: Player, guildId: string, message: unknown) =>
  player.post(`/api/guilds/${guildId}/chat`, { message });

export async function guildSaid(player: Player, guildId: string, message: string): Promise<ChatMessage> {
  const response = await guildSay(player, guildId, message);
  if (response.statusCode !== 201) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  return response.json<ChatMessage>();
}

export async function readGuildChat(reader: Player): Promise<GuildChat> {
  const response = await reader.get("/api/chat/guild");
  if (response.statusCode !== 200) throw new Error(`read failed: ${response.statusCode} ${response.body}`);
  return response.json<GuildChat>();
}

/**
 * Resolves once the server has answered a ping on this socket: whatever the server pushed to it before (an event
 * delivered to every follower at once) has arrived by then, so a test can say that something did not.
 */
export async function settled(client: LiveClient): Promise<void> {
  const pongs = client.messages.filter((m) => m.type === "pong").length;
  client.send({ type: "ping" });
  await client.next(
    (m): m is Extract<LiveServerMessage, { type: "pong" }> =>
      m.type === "pong" && client.messages.filter((x) => x.type === "pong").length > pongs,
  );
}
