// /guild-wars' 'Next War' strip: how many guilds are ready now (and how many rest after a war), and for a player in
// a guild, when that guild can fight next. Above the tabs, so it shows beside the empty state and beside wars.
import type { GuildSummary, WarMuster } from "@bot-arena/contract";
import { Hourglass } from "lucide-react";
import { Link } from "react-router";
import { Panel } from "../../ui/Panel";
import { guildRoute } from "../guilds/api";
import { musterLine, nextFight } from "./next-fight";

export function NextWarPanel({
  muster,
  myGuild,
  now,
}: {
  muster: WarMuster;
  myGuild: GuildSummary | null;
  now: number;
}) {
  const mine = myGuild ? nextFight(myGuild, muster, now) : null;
  return (
    <Panel tone="neutral" data-testid="next-war">
      <div className="flex items-start gap-3">
        <Hourglass className="mt-0.5 size-5 shrink-0 text-cyan" aria-hidden="true" />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="font-display font-bold uppercase tracking-wider text-ink" data-testid="war-muster">
            {musterLine(muster)}
          </p>
          {myGuild && mine && (
            <p className="text-ink" data-testid="next-fight">
              <Link to={guildRoute(myGuild.id)} className="font-semibold text-magenta hover:underline">
                [{myGuild.tag}]
              </Link>{" "}
              {mine}
            </p>
          )}
          {muster.restHours > 0 && (
            <p className="text-muted">
              After each war its guilds rest {muster.restHours} hours before they are enlisted again.
            </p>
          )}
        </div>
      </div>
    </Panel>
  );
}
