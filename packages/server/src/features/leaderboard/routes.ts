import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { LeaderboardService } from "./service";

export function leaderboardRoutes(app: FastifyInstance, deps: { leaderboard: LeaderboardService }): void {
  route(app, routes.leaderboard, ({ user }) => deps.leaderboard.top(user.id), { expensiveRead: true });
}
