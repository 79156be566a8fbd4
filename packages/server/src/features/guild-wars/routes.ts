import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { GuildWarsService } from "./service";

export function guildWarsRoutes(app: FastifyInstance, deps: { guildWars: GuildWarsService }): void {
  // Admins read why a war is delayed (the runner's last error); players only that it is.
  route(app, routes.guildWars, ({ user }) => deps.guildWars.list({ isAdmin: user.isAdmin }));
  route(app, routes.guildWar, ({ user, params }) =>
    deps.guildWars.detail(params.id, { isAdmin: user.isAdmin }),
  );
}
