// An active war: name, status badge, countdown, the prize pool (the three rewards' sum), each reward and who pays
// them (the arena; a war opened before that rule, the guilds' stakes), and
// the eight guilds ranked (by power, then by duel wins once the battle runs) with their placement badges, and a
// delay note while the event runner keeps failing a step on the war (with the error, for admins).
// The viewer's own guild is marked, with a line under the title saying where it stands.
// A click on a guild opens its duels.
import type { GuildWarSummary, WarParticipant } from "@bot-arena/contract";
import { ordinal } from "@bot-arena/game";
import { ChevronDown, Crown, Swords, Trophy } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeTone } from "../../ui/Badge";
import { cn } from "../../ui/cn";
import { Panel } from "../../ui/Panel";
import { RetryingNote } from "../../ui/RetryingNote";
import { formatCoins } from "../bank/coins";
import { GuildBanner } from "../guilds/GuildBanner";
import { battleEndCountdown, warCountdown } from "./countdown";
import { GuildDuels } from "./GuildDuels";
import { OLD_RULE_STAKE } from "./rules";

const statusLook: Record<GuildWarSummary["status"], { label: string; tone: BadgeTone }> = {
  registration: { label: "Registration", tone: "cyan" },
  battle: { label: "Battle", tone: "magenta" },
  completed: { label: "Completed", tone: "success" },
};

const placeTone: BadgeTone[] = ["legendary", "diamond", "epic"];

export function PlacementBadge({ rank }: { rank: number }) {
  return (
    <Badge tone={placeTone[rank - 1] ?? "neutral"} className="w-9 justify-center">
      #{rank}
    </Badge>
  );
}

/** The arena failed the war's last steps and is retrying them; admins get the last error (null for players). */
function DelayNote({ war }: { war: GuildWarSummary }) {
  if (war.attempts === 0) return null;
  return (
    <RetryingNote
      className="mt-3"
      headline={`Delayed — the arena is retrying (${war.attempts} ${war.attempts === 1 ? "attempt" : "attempts"})`}
      error={war.lastError}
      testId="war-delayed"
      errorTestId="war-error"
    />
  );
}

/** Where the viewer's guild stands in the war, for a player who was away when it was drafted or placed. */
export function MyGuildLine({ war, myGuildId }: { war: GuildWarSummary; myGuildId: string | null }) {
  const mine = war.participants.find((p) => p.guildId === myGuildId);
  if (!mine) return null;
  const where =
    war.status === "completed"
      ? mine.placement === null
        ? "took part"
        : `placed ${ordinal(mine.placement)}${mine.prizeAmount > 0 ? `, +${formatCoins(mine.prizeAmount)} coins` : ""}`
      : war.status === "registration"
        ? "is drafted: the battle starts when registration ends"
        : `is fighting, ${ordinal(mine.rank)} now`;
  return (
    <p className="mt-1 text-sm text-ink" data-testid="war-mine">
      <Badge tone="magenta">Your guild</Badge>{" "}
      <span className="font-semibold text-magenta">[{mine.tag}]</span> {where}
    </p>
  );
}

export function WarCard({
  war,
  now,
  myGuildId = null,
}: {
  war: GuildWarSummary;
  now: number;
  myGuildId?: string | null;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const status = statusLook[war.status];
  const rewards = [
    ["1st", war.rewards.first],
    ["2nd", war.rewards.second],
    ["3rd", war.rewards.third],
  ] as const;
  const battleEnd = battleEndCountdown(war, now);
  const toggle = (p: WarParticipant) => setOpen((current) => (current === p.guildId ? null : p.guildId));

  return (
    <Panel tone={war.status === "battle" ? "magenta" : "cyan"} data-testid="war-card" id={`war-${war.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <div className="flex items-center gap-2">
            <Swords className="size-5 text-magenta" aria-hidden="true" />
            <h2 className="font-display text-xl font-black uppercase tracking-wider text-ink">{war.name}</h2>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
          <p className="mt-1 font-display text-sm tabular-nums text-cyan" data-testid="war-countdown">
            {warCountdown(war, now)}
          </p>
          {battleEnd && (
            <p className="text-xs tabular-nums text-muted" data-testid="war-battle-end">
              {battleEnd}
            </p>
          )}
          <MyGuildLine war={war} myGuildId={myGuildId} />
        </div>
        <div className="text-right">
          <p className="text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-muted">Prize Pool</p>
          <p className="flex items-center justify-end gap-1 font-display text-2xl font-black tabular-nums text-amber">
            <Trophy className="size-5" aria-hidden="true" />
            {formatCoins(war.prizePool)}
          </p>
          <p className="text-xs text-muted">
            {rewards.map(([place, coins]) => `${place} ${formatCoins(coins)}`).join(" · ")}
          </p>
          <p className="text-xs text-muted" data-testid="war-funding">
            {war.funding === "house"
              ? "Paid by the arena · free to enter"
              : `From the ${formatCoins(OLD_RULE_STAKE)}-coin stakes (old rule)`}
          </p>
        </div>
      </div>
      <DelayNote war={war} />

      <ol className="mt-4 space-y-1.5" aria-label={`${war.name} standings`}>
        {war.participants.map((p) => (
          <li key={p.guildId}>
            <button
              type="button"
              onClick={() => toggle(p)}
              aria-expanded={open === p.guildId}
              className={cn(
                "flex w-full cursor-pointer items-center gap-3 rounded-md border border-cyan/10 bg-deep/50 px-3 py-2 text-left transition",
                "hover:border-cyan/40 hover:bg-cyan/5",
                p.guildId === myGuildId && "border-magenta/50 bg-magenta/10",
                open === p.guildId && "border-cyan/50 bg-cyan/10",
              )}
              data-testid="war-guild"
              aria-current={p.guildId === myGuildId ? "true" : undefined}
            >
              <PlacementBadge rank={p.placement ?? p.rank} />
              {p.rank === 1 && war.status !== "registration" && (
                <Crown className="size-4 text-amber" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1 break-words text-ink">
                <span className="font-display text-xs font-bold text-magenta">[{p.tag}]</span>{" "}
                {p.banner && <GuildBanner banner={p.banner} className="mr-1" />}
                {p.name}
              </span>
              {p.guildId === myGuildId && <Badge tone="magenta">You</Badge>}
              {war.status !== "registration" && (
                <span className="font-display text-sm tabular-nums text-lime" title="Duel wins">
                  {p.duelWins} W
                </span>
              )}
              <span className="shrink-0 text-right font-display text-xs tabular-nums text-muted sm:w-20 sm:text-sm">
                {formatCoins(p.totalPower)} PWR
              </span>
              <ChevronDown
                className={cn("size-4 text-muted transition", open === p.guildId && "rotate-180 text-cyan")}
                aria-hidden="true"
              />
            </button>
            {open === p.guildId && (
              <div className="mt-2 mb-3 pl-2">
                <GuildDuels warId={war.id} guild={p} participants={war.participants} />
              </div>
            )}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
