import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { ArenaService } from "./service";

export function arenaRoutes(app: FastifyInstance, deps: { arena: ArenaService }): void {
  route(app, routes.currentAiOpponent, ({ user }) => deps.arena.currentAiOpponent(user.id));
  route(app, routes.findAiOpponent, ({ user }) => deps.arena.findAiOpponent(user.id));
  route(app, routes.aiBattle, ({ user }) => deps.arena.aiBattle(user));
  route(app, routes.pvpOpponents, ({ user }) => deps.arena.pvpOpponents(user.id), { expensiveRead: true });
  route(app, routes.pvpWinChance, ({ user, params }) => deps.arena.pvpWinChance(user.id, params.id));
  route(app, routes.pvpBattle, ({ user, body }) =>
    deps.arena.pvpBattle(user, body.defenderId, body.revengeOf),
  );
}
