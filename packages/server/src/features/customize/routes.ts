// HTTP shape of bot customization: the paid (or free) change and the dialog's live preview image.
import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { CustomizeService } from "./service";

export function customizeRoutes(app: FastifyInstance, deps: { customize: CustomizeService }): void {
  const { customize } = deps;

  route(app, routes.customizeBot, ({ user, params, body }) => customize.customize(user.id, params.id, body));

  // Drawn anew on every request, like the creation preview: an expensive read (issue 43).
  route(
    app,
    routes.previewCustomization,
    async ({ user, params, query, reply }) => {
      // Private like the creation preview; the dialog asks again for each scheme it shows.
      reply.type("image/svg+xml; charset=utf-8").header("cache-control", "private, max-age=600");
      return customize.preview(user.id, params.id, query);
    },
    { expensiveRead: true },
  );
}
