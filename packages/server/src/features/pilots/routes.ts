import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { PilotsService } from "./service";

export function pilotsRoutes(app: FastifyInstance, deps: { pilots: PilotsService }): void {
  route(app, routes.pilotProfile, ({ params }) => deps.pilots.profile(params.username));
  route(app, routes.pvpDefenses, ({ user }) => deps.pilots.defenses(user.id));
}
