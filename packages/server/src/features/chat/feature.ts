// The chat's services wired together: the global chat, the guild chats and the moderation share one
// profanity filter (its word list is built once per process).
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { createGuildChatService } from "./guild-chat";
import { createModerationService } from "./moderation";
import { createProfanityFilter } from "./profanity";
import { createChatService } from "./service";

export function createChatFeatures(deps: { db: Db; clock: Clock }) {
  const lineDeps = { ...deps, filter: createProfanityFilter() };
  return {
    chat: createChatService(lineDeps),
    guildChat: createGuildChatService(lineDeps),
    chatModeration: createModerationService(deps),
  };
}
