import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { BattlesService } from "./service";

export function battlesRoutes(app: FastifyInstance, deps: { battles: BattlesService }): void {
  route(app, routes.recentBattles, ({ user, query }) => deps.battles.recent(user.id, query.botId));
  route(app, routes.battleReplay, ({ params, user }) => deps.battles.replay(params.id, user));
}
