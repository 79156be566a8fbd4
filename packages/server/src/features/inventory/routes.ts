import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { InventoryService } from "./service";

export function inventoryRoutes(app: FastifyInstance, deps: { inventory: InventoryService }): void {
  route(app, routes.inventory, ({ user }) => deps.inventory.list(user.id));
  route(app, routes.inventoryEquip, ({ user, params }) => deps.inventory.toggleEquip(user.id, params.id));
}
