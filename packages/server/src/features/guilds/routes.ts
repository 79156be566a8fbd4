import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { GuildPerksService } from "./perks";
import type { GuildsService } from "./service";

export function guildsRoutes(
  app: FastifyInstance,
  deps: { guilds: GuildsService; guildPerks: GuildPerksService },
): void {
  const { guilds } = deps;
  route(app, routes.guilds, ({ user, query }) => guilds.list(user.id, query.search), { expensiveRead: true });
  route(app, routes.createGuild, async ({ user, body, reply }) => {
    reply.code(201);
    return guilds.create(user.id, body);
  });
  route(app, routes.guild, ({ user, params }) => guilds.detail(user.id, params.id));
  route(app, routes.joinGuild, ({ user, params }) => guilds.join(user.id, params.id));
  route(app, routes.contributeToGuild, ({ user, params, body }) =>
    guilds.contribute(user.id, params.id, body.amount),
  );
  route(app, routes.leaveGuild, ({ user, params }) => guilds.leave(user.id, params.id));
  route(app, routes.sitOutNextWar, ({ user, params, body }) =>
    guilds.sitOut(user.id, params.id, body.sitOut),
  );
  route(app, routes.buyGuildPerk, ({ user, params, body }) => deps.guildPerks.buy(user.id, params.id, body));
  route(app, routes.promoteGuildMember, ({ user, params }) =>
    guilds.promote(user.id, params.id, params.userId),
  );
  route(app, routes.demoteGuildMember, ({ user, params }) =>
    guilds.demote(user.id, params.id, params.userId),
  );
  route(app, routes.removeGuildMember, ({ user, params }) =>
    guilds.remove(user.id, params.id, params.userId),
  );
}
