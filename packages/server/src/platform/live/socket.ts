// GET /api/live: the WebSocket. The session cookie is checked before the upgrade completes (so the handler can
// attach synchronously and miss no message); refusals close with 4401 (no session) or 4403 (other site).
import type {} from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { isSameOrigin } from "../auth/origin-guard";
import { closeCodes, type LiveHub } from "./hub";

export const LIVE_PATH = "/api/live";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's live hub (buildApp decorates it): its sockets, for operators and tests. */
    live: LiveHub;
  }
}

export function liveSocketRoute(
  app: FastifyInstance,
  deps: { hub: LiveHub; trustedOrigins: string[] },
): void {
  app.get(
    LIVE_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        request.user = await app.sessions.authenticate(request);
      },
    },
    (socket, request) => {
      // A page of another site may open sockets to us with the player's cookie: refuse it.
      if (!isSameOrigin(request, deps.trustedOrigins)) {
        socket.close(closeCodes.forbidden, "Cross-origin request refused");
      } else if (!request.user) {
        socket.close(closeCodes.notAuthenticated, "Not authenticated");
      } else {
        deps.hub.attach(socket, request.user);
      }
    },
  );
}
