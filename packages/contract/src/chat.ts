// The chat: the global one and each guild's members-only one; messages, sending, reports, hidden players, and
// the moderation (admins delete and mute; a guild's leader and officers delete in its chat).
import { CHAT_MUTE_REASON_MAX, CHAT_REPORT_REASON_MAX, chatTexts, messages } from "@bot-arena/game";
import { z } from "./zod";

export const chatMessage = z.object({
  id: z.string(),
  /** null once the author's account is gone. */
  userId: z.string().nullable(),
  username: z.string(),
  /** The author's latest PvP season title ('Season 3 Champion'), or null. */
  authorTitle: z.string().nullable(),
  /** Plain text, profanity masked; the client must show it as text, never as HTML. */
  message: z.string(),
  createdAt: z.string(),
  /** "system": a line the arena wrote (a war's news in a guild's chat), with no author and nothing to report. */
  kind: z.enum(["player", "system"]),
  /** A war's one line in a guild's chat (rewritten as the war moves on): the war it links to; null otherwise. */
  warId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatMessageList = z.object({
  /** The latest 50, oldest first, without the players the reader hid. */
  messages: z.array(chatMessage),
  /** Signed in and muted: until when (ISO); otherwise null. */
  mutedUntil: z.string().nullable(),
});
export type ChatMessageList = z.infer<typeof chatMessageList>;

/** The guild a chat line or report belongs to; null for the global chat. */
export const chatGuild = z.object({ id: z.string(), name: z.string(), tag: z.string() });
export type ChatGuild = z.infer<typeof chatGuild>;

/** The reader's own guild's chat: its members only; a player without a guild has none (guild null). */
export const guildChat = z.object({
  guild: chatGuild.nullable(),
  /** The reader leads or is an officer of the guild: they may delete its lines. */
  canModerate: z.boolean(),
  /** The latest 50, oldest first, without the players the reader hid. */
  messages: z.array(chatMessage),
  mutedUntil: z.string().nullable(),
});
export type GuildChat = z.infer<typeof guildChat>;

/** A guild's chat channel on the live socket: only its members may subscribe; leaving or a removal ends it. */
export const guildChatChannel = (guildId: string) => `guild-chat:${guildId}` as const;

export const sendChatBody = z.object({
  /** Cleaned and measured by the rulebook; the raw cap only keeps junk out. */
  message: z.string({ error: messages.chatMessageEmpty }).max(2000, messages.chatMessageTooLong),
});
export type SendChatBody = z.infer<typeof sendChatBody>;

export const reportChatBody = z.object({
  reason: z.string().max(CHAT_REPORT_REASON_MAX).optional(),
});

export const messageResponse = z.object({ message: z.string() });

export const hiddenPlayer = z.object({ userId: z.string(), username: z.string() });
export const hiddenPlayers = z.object({ message: z.string().optional(), players: z.array(hiddenPlayer) });
export type HiddenPlayers = z.infer<typeof hiddenPlayers>;

export const hideBody = z.object({ userId: z.uuid({ error: chatTexts.playerNotFound }) });

export const muteBody = z.object({
  userId: z.uuid({ error: chatTexts.playerNotFound }),
  minutes: z.number({ error: chatTexts.muteMinutes }),
  reason: z
    .string({ error: chatTexts.muteReasonRequired })
    .trim()
    .min(1, chatTexts.muteReasonRequired)
    .max(CHAT_MUTE_REASON_MAX, chatTexts.muteReasonTooLong),
});
export type MuteBody = z.infer<typeof muteBody>;

export const chatMute = z.object({
  userId: z.string(),
  username: z.string(),
  mutedUntil: z.string(),
  reason: z.string(),
  mutedBy: z.string().nullable(),
});
export type ChatMute = z.infer<typeof chatMute>;

export const muteResponse = z.object({ message: z.string(), mute: chatMute });
export const muteList = z.object({ mutes: z.array(chatMute) });

export const chatReport = z.object({
  messageId: z.string(),
  userId: z.string().nullable(),
  username: z.string(),
  message: z.string(),
  createdAt: z.string(),
  deleted: z.boolean(),
  /** The guild chat the line was written in; null for the global chat. */
  guild: chatGuild.nullable(),
  reportCount: z.number().int(),
  lastReportedAt: z.string(),
  reasons: z.array(z.string()),
});
export type ChatReport = z.infer<typeof chatReport>;
export const chatReportList = z.object({ reports: z.array(chatReport) });

/** Live events on the `chat` channel (and `chat-muted` on the muted player's own `me` channel). */
export const chatLiveKinds = {
  message: "message",
  deleted: "deleted",
  muted: "chat-muted",
  /** On `chat-unread`: `{ from: [userId, ...] }`, the senders of the messages since the last one, in order. */
  unread: "unread",
  /**
   * On the player's `me` channel: they joined, left or were removed from a guild, or their role changed, so the
   * widget asks again which guild chat is theirs. `{ guildId }`.
   */
  guildMembership: "guild-membership",
} as const;

/** The channel a closed chat panel follows for its badge: a digest every few seconds, not every message. */
export const CHAT_UNREAD_CHANNEL = "chat-unread";

const idParams = z.object({ id: z.uuid({ error: chatTexts.messageNotFound }) });
const userParams = z.object({ userId: z.uuid({ error: chatTexts.playerNotFound }) });
const guildParams = z.object({ id: z.uuid({ error: messages.guildNotFound }) });
const guildLineParams = guildParams.extend({ messageId: z.uuid({ error: chatTexts.messageNotFound }) });

export const chatRoutes = {
  listChat: {
    method: "GET",
    path: "/api/chat/messages",
    summary: "The latest 50 chat messages, oldest first (readable signed out)",
    auth: "none",
    response: chatMessageList,
  },
  sendChat: {
    method: "POST",
    path: "/api/chat/messages",
    summary: "Send a chat message (1..200 characters, 5 per 10 s)",
    auth: "player",
    body: sendChatBody,
    response: chatMessage,
  },
  guildChat: {
    method: "GET",
    path: "/api/chat/guild",
    summary:
      "The reader's guild chat: the latest 50 lines, oldest first (members only; no guild: guild null)",
    auth: "player",
    response: guildChat,
  },
  sendGuildChat: {
    method: "POST",
    path: "/api/guilds/:id/chat",
    summary: "Send a line to the guild's chat (members only; the global chat's rules)",
    auth: "player",
    params: guildParams,
    body: sendChatBody,
    response: chatMessage,
  },
  deleteGuildChatMessage: {
    method: "DELETE",
    path: "/api/guilds/:id/chat/:messageId",
    summary: "The guild's leader or an officer deletes a line of its chat",
    auth: "player",
    params: guildLineParams,
    response: messageResponse,
  },
  reportChat: {
    method: "POST",
    path: "/api/chat/messages/:id/report",
    summary: "Report a message to the moderators",
    auth: "player",
    params: idParams,
    body: reportChatBody,
    response: messageResponse,
  },
  listHidden: {
    method: "GET",
    path: "/api/chat/hidden",
    summary: "The players this player hid from their chat",
    auth: "player",
    response: hiddenPlayers,
  },
  hidePlayer: {
    method: "POST",
    path: "/api/chat/hidden",
    summary: "Hide a player's messages from this player's chat",
    auth: "player",
    body: hideBody,
    response: hiddenPlayers,
  },
  unhidePlayer: {
    method: "DELETE",
    path: "/api/chat/hidden/:userId",
    summary: "Show a hidden player's messages again",
    auth: "player",
    params: userParams,
    response: hiddenPlayers,
  },
  deleteChatMessage: {
    method: "DELETE",
    path: "/api/admin/chat/messages/:id",
    summary: "Delete a chat message (admin); it disappears from every open chat",
    auth: "admin",
    params: idParams,
    response: messageResponse,
  },
  muteChatPlayer: {
    method: "POST",
    path: "/api/admin/chat/mutes",
    summary: "Mute a player in the chat for 1 minute to 30 days (admin)",
    auth: "admin",
    body: muteBody,
    response: muteResponse,
  },
  listChatMutes: {
    method: "GET",
    path: "/api/admin/chat/mutes",
    summary: "Players muted now (admin)",
    auth: "admin",
    response: muteList,
  },
  unmuteChatPlayer: {
    method: "DELETE",
    path: "/api/admin/chat/mutes/:userId",
    summary: "Lift a player's mute (admin)",
    auth: "admin",
    params: userParams,
    response: messageResponse,
  },
  listChatReports: {
    method: "GET",
    path: "/api/admin/chat/reports",
    summary: "Reported chat messages, most recently reported first (admin)",
    auth: "admin",
    response: chatReportList,
  },
} as const;
