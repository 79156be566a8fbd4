// The player's own guild on /guilds: members, bank, power, whether it is war-ready (or sits the next war out),
// and the way to 500.
import type { MyGuild } from "@bot-arena/contract";
import { ChevronRight, Shield } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { ButtonLink } from "../../ui/ButtonLink";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "../bank/coins";
import { guildRoute } from "./api";
import { GuildStat, WarProgress, WarReadyBadge, type WarStanding, warStanding } from "./WarReadiness";

const readyText: Record<WarStanding, string> = {
  disbanded: "No",
  at_war: "At war",
  resting: "Resting",
  sitting_out: "Sitting out",
  enlisted: "Yes",
  building: "No",
};

export function MyGuildPanel({ mine }: { mine: MyGuild }) {
  const { guild, role } = mine;
  const standing = warStanding(guild);
  return (
    <Panel tone="magenta" data-testid="my-guild">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="grid size-12 place-items-center rounded-lg border border-magenta/50 bg-magenta/10 text-magenta shadow-neon-magenta">
            <Shield className="size-6" aria-hidden="true" />
          </span>
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Your guild</p>
            <h2 className="font-display text-xl font-black uppercase text-ink">
              <span className="text-magenta">[{guild.tag}]</span> {guild.name}
            </h2>
            <div className="mt-1 flex gap-2">
              <Badge tone="cyan">{role}</Badge>
              <WarReadyBadge guild={guild} />
            </div>
          </div>
        </div>
        <ButtonLink
          to={guildRoute(guild.id)}
          size="sm"
          icon={<ChevronRight className="size-4" aria-hidden="true" />}
        >
          Open
        </ButtonLink>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <GuildStat label="Members" value={`${guild.memberCount}/${guild.maxMembers}`} />
        <GuildStat label="Bank" value={formatCoins(guild.bankBalance)} />
        <GuildStat label="Power" value={formatCoins(guild.totalPower)} />
        <GuildStat label="War Ready" value={readyText[standing]} />
      </div>
      {standing === "building" && (
        <div className="mt-4">
          <WarProgress guild={guild} />
        </div>
      )}
    </Panel>
  );
}
