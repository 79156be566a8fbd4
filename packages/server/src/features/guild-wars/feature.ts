// Guilds and guild wars wired together: the war engine and the muster are the event runner's handlers for
// `guild_wars` and `war_muster_requests`; a donation or a choice to be enlisted again that may have made a guild
// eligible (its request row was written by the database in the same transaction) asks the runner for a pass now
// rather than at its next tick.
import type { Platform } from "../../platform/platform";
import { createGuildPerksService } from "../guilds/perks";
import { createGuildsService } from "../guilds/service";
import { createWarEngine } from "./engine";
import { musterHandler } from "./muster";
import { createWarRewardsService } from "./rewards";
import { createGuildWarsService } from "./service";

export function createGuildFeatures(platform: Platform) {
  const { db, clock } = platform;
  const timings = platform.config.guildWar;
  const restHours = platform.config.guildWarRestHours;
  const guildWars = createGuildWarsService({ db, clock, restHours });
  const guilds = createGuildsService({ db, clock, restHours, onEligible: () => platform.reconciler.nudge() });
  platform.reconciler.register({
    name: "guild-war",
    table: "guild_wars",
    dueColumn: "next_due_at",
    advance: createWarEngine({ timings, restHours }).advance,
  });
  platform.reconciler.register(musterHandler(timings));
  return {
    guilds,
    guildPerks: createGuildPerksService({ db }),
    guildWars,
    warRewards: createWarRewardsService({ db }),
  };
}
