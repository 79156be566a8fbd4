// When a guild can fight next and how many guilds are ready now, in the words the guild page and /guild-wars
// share. A guild rests after each war (GUILD_WAR_REST_HOURS): the rest's end is counted on the server's clock.
import type { GuildSummary, WarMuster } from "@bot-arena/contract";
import { GUILD_WAR_ELIGIBILITY_BANK } from "@bot-arena/game";
import { formatWhen } from "../../ui/dates";
import { formatCoins } from "../bank/coins";
import { warStanding } from "../guilds/WarReadiness";
import { formatRemaining } from "./countdown";

/** The rest's end as the pages show it beside the countdown. */
export const formatRestEnd = (iso: string): string => formatWhen(iso);

/** One sentence: when the guild can fight next. Null for a disbanded guild, which fights no war again. */
export function nextFight(
  guild: GuildSummary & { disbandedAt?: string | null },
  muster: WarMuster,
  now: number,
): string | null {
  const rest = `${muster.restHours} hours`;
  switch (warStanding(guild)) {
    case "disbanded":
      return null;
    case "at_war":
      return muster.restHours > 0 ? `Fighting now; after this war it rests ${rest}.` : "Fighting now.";
    case "resting": {
      const left = Date.parse(guild.restsUntil!) - now;
      return left > 0
        ? `Resting after its war: it can fight next in ${formatRemaining(left)} (${formatRestEnd(guild.restsUntil!)}).`
        : "Its rest is over: it is enlisted again in a moment.";
    }
    case "sitting_out":
      return "Sitting out: it fights again once a leader or an officer enlists it.";
    case "enlisted":
      return "Ready now: it fights in the next war.";
    case "building":
      return `It can fight once its bank holds ${formatCoins(GUILD_WAR_ELIGIBILITY_BANK)} coins (${formatCoins(
        GUILD_WAR_ELIGIBILITY_BANK - guild.bankBalance,
      )} more).`;
  }
}

/** '3 of 8 guilds ready for the next war · 8 resting after a war'. */
export function musterLine(muster: WarMuster): string {
  const ready = `${muster.readyGuilds} of ${muster.guildsPerWar} guilds ready for the next war`;
  return muster.restingGuilds > 0 ? `${ready} · ${muster.restingGuilds} resting after a war` : ready;
}
