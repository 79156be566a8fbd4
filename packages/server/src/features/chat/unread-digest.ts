// The chat's unread badge, fed by a digest of the chat channel (platform/live/hub.ts): a closed panel hears
// who wrote, every two seconds at most, instead of every message the moment it is sent.
import { CHAT_UNREAD_CHANNEL, type ChatMessage, chatLiveKinds } from "@bot-arena/contract";
import type { LiveDigest } from "../../platform/live/hub";

/** How often a closed panel's badge may move: often enough to feel live, rare enough to cost little. */
export const CHAT_UNREAD_EVERY_MS = 2_000;

export const chatUnreadDigest: LiveDigest = {
  from: "chat",
  kinds: [chatLiveKinds.message],
  to: CHAT_UNREAD_CHANNEL,
  kind: chatLiveKinds.unread,
  everyMs: CHAT_UNREAD_EVERY_MS,
  summarize: (envelopes) => ({
    from: envelopes.map((envelope) => (envelope.data?.message as ChatMessage | undefined)?.userId ?? null),
  }),
};
