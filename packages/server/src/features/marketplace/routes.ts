import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { MarketplaceService } from "./service";

export function marketplaceRoutes(app: FastifyInstance, deps: { marketplace: MarketplaceService }): void {
  const { marketplace } = deps;
  route(app, routes.marketplace, ({ user }) => marketplace.list(user.id), { expensiveRead: true });
  route(app, routes.marketplacePriceGuide, ({ query }) => marketplace.priceGuide(query.rarity, query.level), {
    expensiveRead: true,
  });
  route(app, routes.marketplaceListingBattles, ({ params }) => marketplace.battles(params.id));
  route(app, routes.marketplaceCreateListing, async ({ user, body, reply }) => {
    const created = await marketplace.createListing(user.id, body);
    reply.code(201);
    return created;
  });
  route(app, routes.marketplaceCancelListing, ({ user, params }) =>
    marketplace.cancelListing(user.id, params.id),
  );
  route(app, routes.marketplaceBuy, ({ user, params }) => marketplace.buy(user.id, params.id));
}
