import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { AlertsService } from "./service";

export function alertsRoutes(app: FastifyInstance, deps: { alerts: AlertsService }): void {
  route(app, routes.alerts, ({ user }) => deps.alerts.list(user.id));
  route(app, routes.readAlert, ({ user, params }) => deps.alerts.markRead(user.id, params.id));
  route(app, routes.readAllAlerts, ({ user }) => deps.alerts.markAllRead(user.id));
}
