import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { AdsService } from "./service";

export function adsRoutes(app: FastifyInstance, deps: { ads: AdsService }): void {
  route(app, routes.ads, async () => deps.ads.current());
}
