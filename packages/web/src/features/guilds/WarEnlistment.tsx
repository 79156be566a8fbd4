// The guild page's 'Next Guild War' panel: where the guild stands (fighting, resting after a war, sitting out,
// enlisted, or building toward 500 coins with the bar), when it can fight next and how many guilds are ready, one sentence of what a war is and that it costs nothing, and for every member
// the 'Sit out the next war' switch, which only the leader and officers can turn (the server says so too).
import type { GuildDetail } from "@bot-arena/contract";
import { GUILD_WAR_ELIGIBILITY_BANK } from "@bot-arena/game";
import { Swords } from "lucide-react";
import { Switch } from "radix-ui";
import { useId } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { useServerNow } from "../../app/useServerNow";
import { cn } from "../../ui/cn";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "../bank/coins";
import { musterLine, nextFight } from "../guild-wars/next-fight";
import { nextWarStarts, warRules } from "../guild-wars/rules";
import { useSitOutNextWar } from "./api";
import { WarProgress, warStanding } from "./WarReadiness";

/** When the guild can fight next and how many guilds are ready now, on the server's clock. */
function NextFightLine({ detail }: { detail: GuildDetail }) {
  const now = useServerNow(detail.serverTime);
  const text = nextFight(detail.guild, detail.muster, now);
  return (
    <div className="space-y-1 text-sm">
      {text && (
        <p className="text-ink" data-testid="next-fight">
          {text}
        </p>
      )}
      <p className="text-muted" data-testid="war-muster">
        {musterLine(detail.muster)}
      </p>
    </div>
  );
}

function StandingLine({ detail }: { detail: GuildDetail }) {
  const { guild } = detail;
  const who = `[${guild.tag}]`;
  switch (warStanding(guild)) {
    case "disbanded":
      return null;
    case "at_war":
      return (
        <p className="text-ink">
          Fighting in <span className="font-semibold">{detail.currentWar?.name ?? "a guild war"}</span> now ·{" "}
          <Link to="/guild-wars" className="text-cyan hover:underline">
            watch on Guild Wars
          </Link>
          {guild.sitsOutNextWar && <span className="text-muted"> · it sits out the war after this one.</span>}
        </p>
      );
    case "resting":
      return (
        <p className="text-ink">
          {who} fought its last war and rests before it is enlisted again, so no guild fights war after war.
        </p>
      );
    case "sitting_out":
      return (
        <p className="text-amber">
          {who} will sit out the next war: it is not enlisted, whatever its bank holds.
        </p>
      );
    case "enlisted":
      return (
        <p className="text-lime">
          Enlisted: {who} fights in the next war. {nextWarStarts}
        </p>
      );
    case "building":
      return (
        <p className="text-ink">
          At {formatCoins(GUILD_WAR_ELIGIBILITY_BANK)} coins in the bank, {who} is enlisted for the next war.{" "}
          {nextWarStarts}
        </p>
      );
  }
}

function SitOutSwitch({ detail }: { detail: GuildDetail }) {
  const { guild, myRole } = detail;
  const sitOut = useSitOutNextWar(guild.id);
  const id = useId();
  const canChoose = myRole === "leader" || myRole === "officer";
  // While the choice travels, the switch shows it; the server's answer then decides.
  const checked = sitOut.isPending ? Boolean(sitOut.variables) : guild.sitsOutNextWar;

  const choose = async (next: boolean) => {
    try {
      toast.success((await sitOut.mutateAsync(next)).message);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to change the guild's war choice"));
    }
  };

  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-lg border p-3 sm:min-w-72",
        checked ? "border-amber/40 bg-amber/5" : "border-cyan/15 bg-deep/60",
      )}
    >
      <Switch.Root
        id={id}
        checked={checked}
        disabled={!canChoose || sitOut.isPending}
        onCheckedChange={(next) => void choose(next)}
        aria-describedby={`${id}-hint`}
        data-testid="sit-out-switch"
        className={cn(
          "relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border transition",
          "border-cyan/40 bg-steel/80 data-[state=checked]:border-amber/70 data-[state=checked]:bg-amber/30",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-cyan",
          "disabled:cursor-not-allowed disabled:opacity-60",
        )}
      >
        <Switch.Thumb
          className={cn(
            "block size-5 translate-x-1 rounded-full bg-muted shadow transition-transform",
            "data-[state=checked]:translate-x-[1.45rem] data-[state=checked]:bg-amber",
          )}
        />
      </Switch.Root>
      <div className="min-w-0">
        <label
          htmlFor={id}
          className="cursor-pointer font-display text-sm font-bold uppercase tracking-wider text-ink"
        >
          Sit out the next war
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {canChoose
            ? checked
              ? "On: the guild stays out of the next war. Switch off to be enlisted again."
              : `Off: the guild is enlisted whenever its bank holds ${formatCoins(GUILD_WAR_ELIGIBILITY_BANK)} coins or more.`
            : "Only the leader or an officer can change this."}
        </p>
      </div>
    </div>
  );
}

export function WarEnlistment({ detail }: { detail: GuildDetail }) {
  const { guild } = detail;
  const isMember = detail.myRole !== null;
  return (
    <Panel tone="neutral" data-testid="war-enlistment">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1 space-y-2">
          <h2 className="flex items-center gap-2 font-display text-sm font-bold uppercase tracking-widest text-ink">
            <Swords className="size-4 text-magenta" aria-hidden="true" />
            Next Guild War
          </h2>
          <div data-testid="war-standing">
            <StandingLine detail={detail} />
          </div>
          <NextFightLine detail={detail} />
          <p className="text-sm text-muted" data-testid="war-rules">
            {warRules()}
          </p>
        </div>
        {isMember && <SitOutSwitch detail={detail} />}
      </div>
      {warStanding(guild) === "building" && (
        <div className="mt-4">
          <WarProgress guild={guild} hint={false} />
        </div>
      )}
    </Panel>
  );
}
