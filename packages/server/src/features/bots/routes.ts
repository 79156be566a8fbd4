// HTTP shape of the bots feature: each route declares its contract entry and calls one service function.
import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { BotsService } from "./service";

export function botsRoutes(app: FastifyInstance, deps: { bots: BotsService }): void {
  const { bots } = deps;

  route(app, routes.listBots, ({ user }) => bots.list(user.id));

  route(app, routes.createBot, async ({ user, body, reply }) => {
    const bot = await bots.create(user.id, body);
    reply.code(201);
    return bot;
  });

  // Drawn anew on every request: an expensive read, or one player's loop of them slowed everyone (issue 43).
  route(
    app,
    routes.previewBot,
    async ({ query, reply }) => {
      // Private: the route needs a session; an hour is plenty for a player trying colours back and forth.
      reply.type("image/svg+xml; charset=utf-8").header("cache-control", "private, max-age=3600");
      return bots.preview(query);
    },
    { expensiveRead: true },
  );

  route(app, routes.summonBots, ({ user, body }) => bots.summon(user.id, body));
  route(app, routes.nameBot, ({ user, params, body }) => bots.name(user.id, params.id, body.name));
  route(app, routes.allocateBot, ({ user, params, body }) => bots.allocate(user.id, params.id, body));
  route(app, routes.activateBot, ({ user, params }) => bots.activate(user.id, params.id));
  route(app, routes.renameBot, ({ user, params, body }) => bots.rename(user.id, params.id, body.name));
  route(app, routes.refreshBot, ({ user, params }) => bots.refresh(user.id, params.id));
  route(app, routes.trainBot, ({ user, params, body }) => bots.train(user.id, params.id, body.stat));
  route(app, routes.recycleBot, ({ user, params }) => bots.recycle(user.id, params.id));
  route(app, routes.summonHistory, ({ user, query }) => bots.history(user.id, query.page), {
    expensiveRead: true,
  });
}
