import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { RepairService } from "./service";

export function repairRoutes(app: FastifyInstance, deps: { repair: RepairService }): void {
  route(app, routes.repairBot, ({ user, params }) => deps.repair.repair(user.id, params.id));
}
