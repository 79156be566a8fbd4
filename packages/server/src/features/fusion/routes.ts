import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { FusionService } from "./service";

export function fusionRoutes(app: FastifyInstance, deps: { fusion: FusionService }): void {
  route(app, routes.fuseBots, async ({ user, body, reply }) => {
    const fused = await deps.fusion.fuse(user.id, body);
    reply.code(201);
    return fused;
  });
}
