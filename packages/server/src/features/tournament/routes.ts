import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { TournamentAdminService } from "./admin";
import type { TournamentService } from "./service";

export function tournamentRoutes(
  app: FastifyInstance,
  deps: { tournaments: TournamentService; tournamentAdmin: TournamentAdminService },
): void {
  const { tournaments, tournamentAdmin } = deps;
  route(app, routes.currentTournament, ({ user }) => tournaments.current(user));
  route(app, routes.pastTournaments, () => tournaments.past(), { expensiveRead: true });
  route(app, routes.tournament, ({ user, params }) => tournaments.one(user, params.id));
  route(app, routes.joinTournament, ({ user, params, body }) =>
    tournaments.join(user.id, params.id, body.botId),
  );
  route(app, routes.readyTournament, ({ user, params }) => tournaments.ready(user.id, params.id));

  route(app, routes.adminTournaments, () => tournamentAdmin.list());
  route(app, routes.createTournament, ({ user, body }) => tournamentAdmin.create(user.id, body));
  route(app, routes.startTournament, ({ user, params }) => tournamentAdmin.act(user.id, params.id, "start"));
  route(app, routes.stopTournament, ({ user, params }) => tournamentAdmin.act(user.id, params.id, "stop"));
  route(app, routes.forceCompleteTournament, ({ user, params }) =>
    tournamentAdmin.act(user.id, params.id, "force_complete"),
  );
  route(app, routes.archiveTournament, ({ user, params }) =>
    tournamentAdmin.act(user.id, params.id, "archive"),
  );
}
