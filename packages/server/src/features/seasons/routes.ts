import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { SeasonsService } from "./service";

export function seasonsRoutes(app: FastifyInstance, deps: { seasons: SeasonsService }): void {
  // Lists over the whole arena, as the leaderboard is.
  route(app, routes.pvpSeason, ({ user }) => deps.seasons.current(user.id), { expensiveRead: true });
  route(app, routes.pvpPastSeason, ({ params, user }) => deps.seasons.past(params.number, user.id), {
    expensiveRead: true,
  });
  route(app, routes.adminSeasonPrizes, ({ body, user }) => deps.seasons.setPrizes(user.id, body));
}
