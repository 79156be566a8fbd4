import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { GuildWarsService } from "./service";

export function guildWarsRoutes(app: FastifyInstance, deps: { guildWars: GuildWarsService }): void {
  route(app, routes.guildWars, () => deps.guildWars.list());
  route(app, routes.guildWar, ({ params }) => deps.guildWars.detail(params.id));
}
