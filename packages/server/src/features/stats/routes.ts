import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { StatsService } from "./service";

export function statsRoutes(app: FastifyInstance, deps: { stats: StatsService }): void {
  route(app, routes.stats, () => deps.stats.landing());
}
