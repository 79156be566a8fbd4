import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { PushService } from "./service";

export function pushRoutes(app: FastifyInstance, deps: { push: PushService }): void {
  route(app, routes.pushKey, () => deps.push.publicKey());
  route(app, routes.pushSubscribe, ({ user, body }) => deps.push.subscribe(user, body));
  route(app, routes.pushUnsubscribe, ({ user, body }) => deps.push.unsubscribe(user.id, body.endpoint));
  route(app, routes.pushPreferences, ({ user }) => deps.push.preferences(user.id));
  route(app, routes.setPushPreferences, ({ user, body }) => deps.push.setPreferences(user.id, body.kinds));
}
