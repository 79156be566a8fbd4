import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { ShopService } from "./service";

export function shopRoutes(app: FastifyInstance, deps: { shop: ShopService }): void {
  route(app, routes.shop, () => deps.shop.catalogue());
  route(app, routes.shopPurchase, ({ user, body }) => deps.shop.purchase(user.id, body));
}
