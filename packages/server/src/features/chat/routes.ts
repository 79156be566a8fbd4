// HTTP shape of the chat (global and guild) and its moderation. Reading is public; a signed-in reader's hidden players are
// left out, so the route looks up the session itself when there is one.
import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { GuildChatService } from "./guild-chat";
import type { ModerationService } from "./moderation";
import type { ChatService } from "./service";

export function chatRoutes(
  app: FastifyInstance,
  deps: { chat: ChatService; guildChat: GuildChatService; chatModeration: ModerationService },
): void {
  const { chat, guildChat, chatModeration: moderation } = deps;

  route(app, routes.listChat, async ({ request, reply }) => {
    // The answer depends on who reads it (hidden players, mute), so no shared cache may keep it.
    reply.header("cache-control", "private, no-store");
    return chat.list(await app.sessions.authenticate(request, reply));
  });
  route(app, routes.sendChat, async ({ user, body, reply }) => {
    const message = await chat.send(user, body.message);
    reply.code(201);
    return message;
  });
  route(app, routes.guildChat, ({ user }) => guildChat.read(user));
  route(app, routes.sendGuildChat, async ({ user, params, body, reply }) => {
    const message = await guildChat.send(user, params.id, body.message);
    reply.code(201);
    return message;
  });
  route(app, routes.deleteGuildChatMessage, ({ user, params }) =>
    guildChat.remove(user, params.id, params.messageId),
  );
  route(app, routes.reportChat, ({ user, params, body }) => chat.report(user, params.id, body.reason));
  route(app, routes.listHidden, ({ user }) => chat.hidden(user));
  route(app, routes.hidePlayer, ({ user, body }) => chat.hide(user, body.userId));
  route(app, routes.unhidePlayer, ({ user, params }) => chat.unhide(user, params.userId));

  route(app, routes.deleteChatMessage, ({ user, params }) => moderation.deleteMessage(user, params.id));
  route(app, routes.muteChatPlayer, ({ user, body }) => moderation.mute(user, body));
  route(app, routes.listChatMutes, () => moderation.mutes());
  route(app, routes.unmuteChatPlayer, ({ user, params }) => moderation.unmute(user, params.userId));
  route(app, routes.listChatReports, () => moderation.reports());
}
