// The guild leaderboard (a tab of /guild-wars): the 50 strongest live guilds by power, each with what it has
// done in finished wars (wars fought, first places, podiums, prizes won). On a phone the guild's name and the
// columns that decide the order stay; members and prizes are left to wider screens.
import type { GuildStanding } from "@bot-arena/contract";
import { Link } from "react-router";
import { QueryView } from "../../app/QueryView";
import { cn } from "../../ui/cn";
import { SpinnerArea } from "../../ui/Spinner";
import { formatCoins } from "../bank/coins";
import { guildRoute } from "../guilds/api";
import { GuildBanner } from "../guilds/GuildBanner";
import { useGuildLeaderboard } from "./api";

const wide = "max-md:hidden";

function Row({ guild, mine }: { guild: GuildStanding; mine: boolean }) {
  return (
    <tr
      data-testid="guild-standing"
      aria-current={mine ? "true" : undefined}
      className={cn("border-t border-cyan/10", mine && "bg-magenta/10")}
    >
      <td className="px-2 py-2.5 align-top font-display font-bold tabular-nums text-muted sm:align-middle sm:px-4">
        #{guild.rank}
      </td>
      <td className="min-w-0 px-2 py-2.5">
        {/* On a phone the tag sits over the name and the name wraps: a guild's whole name is never cut. */}
        <Link
          to={guildRoute(guild.guildId)}
          className="flex min-w-0 flex-col gap-0.5 hover:text-cyan sm:flex-row sm:items-center sm:gap-2"
        >
          <span className="flex shrink-0 items-center gap-1.5 font-display text-xs font-bold text-magenta">
            [{guild.tag}]{guild.banner && <GuildBanner banner={guild.banner} />}
          </span>
          <span className="min-w-0 break-words text-ink">{guild.name}</span>
        </Link>
      </td>
      <td className="px-2 py-2.5 text-right font-display tabular-nums text-ink">
        {formatCoins(guild.totalPower)}
      </td>
      <td className={cn("px-2 py-2.5 text-right tabular-nums text-muted", wide)}>{guild.memberCount}</td>
      <td className="px-2 py-2.5 text-right tabular-nums text-ink">{guild.warsFought}</td>
      <td className="px-2 py-2.5 text-right tabular-nums text-amber">{guild.firstPlaces}</td>
      <td className="px-2 py-2.5 text-right tabular-nums text-lime">{guild.podiums}</td>
      <td className={cn("px-2 py-2.5 text-right tabular-nums text-amber sm:px-4", wide)}>
        {formatCoins(guild.prizesWon)}
      </td>
    </tr>
  );
}

export function GuildLeaderboardTab({ myGuildId }: { myGuildId: string | null }) {
  const board = useGuildLeaderboard();
  return (
    <QueryView
      query={board}
      pending={<SpinnerArea className="py-10" label="Loading the guild leaderboard" />}
      failed={<p className="py-8 text-center text-danger">Failed to load the guild leaderboard</p>}
    >
      {({ guilds }) =>
        guilds.length === 0 ? (
          <p className="py-8 text-center text-muted">No guilds yet. Found the first one!</p>
        ) : (
          <table
            className="w-full table-fixed border-collapse text-left text-sm"
            aria-label="Guild leaderboard"
          >
            <thead>
              <tr className="text-xs font-bold uppercase tracking-[0.1em] text-muted">
                <th scope="col" className="w-10 px-2 py-3 sm:w-16 sm:px-4">
                  #
                </th>
                <th scope="col" className="px-2 py-3">
                  Guild
                </th>
                <th scope="col" className="w-16 px-2 py-3 text-right sm:w-20">
                  Power
                </th>
                <th scope="col" className={cn("w-20 px-2 py-3 text-right", wide)}>
                  Members
                </th>
                <th scope="col" className="w-12 px-2 py-3 text-right sm:w-16">
                  Wars
                </th>
                <th scope="col" className="w-10 px-2 py-3 text-right sm:w-14" title="First places">
                  1st
                </th>
                <th
                  scope="col"
                  className="w-14 whitespace-nowrap px-2 py-3 text-right sm:w-20"
                  title="Podiums (1st to 3rd)"
                >
                  Top 3
                </th>
                <th scope="col" className={cn("w-24 px-2 py-3 text-right sm:px-4", wide)}>
                  Prizes
                </th>
              </tr>
            </thead>
            <tbody>
              {guilds.map((guild) => (
                <Row key={guild.guildId} guild={guild} mine={guild.guildId === myGuildId} />
              ))}
            </tbody>
          </table>
        )
      }
    </QueryView>
  );
}
