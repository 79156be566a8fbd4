import { routes } from "@bot-arena/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/route";
import type { WarRewardsService } from "./rewards";
import type { GuildWarsService } from "./service";

export function guildWarsRoutes(
  app: FastifyInstance,
  deps: { guildWars: GuildWarsService; warRewards: WarRewardsService },
): void {
  // Admins read why a war is delayed (the runner's last error); players only that it is.
  route(app, routes.guildWars, ({ user }) => deps.guildWars.list({ isAdmin: user.isAdmin, userId: user.id }));
  route(app, routes.guildLeaderboard, () => deps.guildWars.leaderboard());
  route(app, routes.guildWar, ({ user, params }) =>
    deps.guildWars.detail(params.id, { isAdmin: user.isAdmin }),
  );
  // The admin's rewards for the wars that open from now on (the house pays them; no guild pays to enter).
  route(app, routes.guildWarRewards, () => deps.warRewards.get());
  route(app, routes.setGuildWarRewards, ({ user, body }) => deps.warRewards.set(user.id, body));
}
