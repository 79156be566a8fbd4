// Guilds and guild wars wired together: a donation that may have made 8 guilds eligible asks for a muster, and
// the war engine is registered with the platform's reconciler as the due-row handler of `guild_wars`.
import type { Platform } from "../../platform/platform";
import { createGuildsService } from "../guilds/service";
import { createWarEngine } from "./engine";
import { createGuildWarsService } from "./service";

export function createGuildFeatures(platform: Platform) {
  const { db, clock, log } = platform;
  const timings = platform.config.guildWar;
  const guildWars = createGuildWarsService({ db, clock, timings });
  const guilds = createGuildsService({
    db,
    clock,
    // The donation has committed; a failed muster is retried by the next donation or the next start.
    onEligible: () =>
      guildWars.muster().then(
        () => {},
        (error: unknown) => log.warn({ err: error }, "guild wars: muster failed"),
      ),
  });
  platform.reconciler.register({
    name: "guild-war",
    table: "guild_wars",
    dueColumn: "next_due_at",
    advance: createWarEngine({ timings }).advance,
  });
  return { guilds, guildWars };
}
