// Test helpers in the chat's language: send, read, and the admins' log rows for chat moderation.
import type { ChatMessage, ChatMessageList } from "@bot-arena/contract";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Player, TestApp } from "../../../test/helpers";
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

export const logRows = (t: TestApp, action: string) =>
  t.db
    .select()
    .from(adminOperations)
    .where(and(eq(adminOperations.action, action)))
    .orderBy(desc(adminOperations.id));
