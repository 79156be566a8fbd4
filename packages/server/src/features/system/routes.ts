// Liveness and the machine-readable contract.
import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { buildOpenApi } from "../../platform/openapi";
import { route } from "../../platform/route";

export function systemRoutes(app: FastifyInstance): void {
  route(app, routes.health, async () => ({ ok: true }) as const);

  let document: unknown = null;
  app.get("/api/openapi.json", async () => {
    document ??= buildOpenApi(routes);
    return document;
  });
}
