// HTTP shape of admin grants and the player lookup.
import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { GrantsService } from "./grants";
import type { createPlayerLookup } from "./players";

export function grantsRoutes(
  app: FastifyInstance,
  deps: { grants: GrantsService; findPlayers: ReturnType<typeof createPlayerLookup> },
): void {
  route(app, routes.grantCoins, ({ user, body }) => deps.grants.grantCoins(user.id, body));
  route(app, routes.grantEquipment, ({ user, body }) => deps.grants.grantEquipment(user.id, body));
  route(app, routes.adminPlayers, ({ query }) => deps.findPlayers(query.q));
}
