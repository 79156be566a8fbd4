// HTTP shape of admin grants.
import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { GrantsService } from "./grants";

export function grantsRoutes(app: FastifyInstance, deps: { grants: GrantsService }): void {
  route(app, routes.grantCoins, ({ user, body }) => deps.grants.grantCoins(user.id, body));
}
