// The chat's services wired together: the global chat, the guild chats and the moderation share one
// profanity filter (its word list is built once per process) and one pace (in Redis with LIVE_BUS_URL).
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import type { SharedRedis } from "../../platform/redis";
import { createGuildChatService } from "./guild-chat";
import { createModerationService } from "./moderation";
import { databaseChatPace, redisChatPace } from "./pace";
import { createProfanityFilter } from "./profanity";
import { createChatService } from "./service";

export function createChatFeatures(deps: { db: Db; clock: Clock; redis: SharedRedis | null }) {
  const lineDeps = {
    db: deps.db,
    clock: deps.clock,
    filter: createProfanityFilter(),
    pace: deps.redis ? redisChatPace(deps.redis) : databaseChatPace,
  };
  return {
    chat: createChatService(lineDeps),
    guildChat: createGuildChatService(lineDeps),
    chatModeration: createModerationService(deps),
  };
}
