// A guild in the list: tag, name, description, members, bank, power, the War Ready badge, View, and Join for a
// player without a guild while a seat is free.
import type { GuildSummary } from "@bot-arena/contract";
import { Eye, UserPlus } from "lucide-react";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { Card } from "../../ui/Card";
import { formatCoins } from "../bank/coins";
import { guildRoute } from "./api";
import { GuildBanner } from "./GuildBanner";
import { GuildStat, WarReadyBadge } from "./WarReadiness";

type GuildCardProps = {
  guild: GuildSummary;
  canJoin: boolean;
  joining: boolean;
  onJoin: () => void;
};

export function GuildCard({ guild, canJoin, joining, onJoin }: GuildCardProps) {
  const full = guild.memberCount >= guild.maxMembers;
  return (
    <Card className="flex h-full flex-col gap-3" data-testid="guild-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-display text-xs font-bold tracking-[0.2em] text-magenta">
            [{guild.tag}] <GuildBanner banner={guild.perks.banner} />
          </p>
          <h3 className="break-words font-display text-base font-bold uppercase text-ink">{guild.name}</h3>
        </div>
        <WarReadyBadge guild={guild} />
      </div>
      {/* A preview: the whole description is on the guild page, one tap away. */}
      <p data-may-truncate className="line-clamp-2 min-h-10 text-sm text-muted">
        {guild.description ?? "No description yet."}
      </p>
      <div className="grid grid-cols-3 gap-2">
        <GuildStat label="Members" value={`${guild.memberCount}/${guild.maxMembers}`} />
        <GuildStat label="Bank" value={formatCoins(guild.bankBalance)} />
        <GuildStat label="Power" value={formatCoins(guild.totalPower)} />
      </div>
      <div className="mt-auto flex gap-2">
        <ButtonLink
          to={guildRoute(guild.id)}
          variant="secondary"
          size="sm"
          className="flex-1"
          icon={<Eye className="size-4" aria-hidden="true" />}
        >
          View
        </ButtonLink>
        {canJoin && !full && (
          <Button
            size="sm"
            className="flex-1"
            busy={joining}
            onClick={onJoin}
            icon={<UserPlus className="size-4" aria-hidden="true" />}
          >
            Join
          </Button>
        )}
      </div>
    </Card>
  );
}
