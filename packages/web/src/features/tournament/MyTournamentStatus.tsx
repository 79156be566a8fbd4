// The player's own line on /tournament while the event runs, for one who was away when the alert came: their
// match is live (Watch), they are still in and wait for the next round, or they were knocked out (and where).
// Nothing for a player not in it, nor before the start or after the end (the podium says it then).
import type { TournamentDetail, TournamentMatch } from "@bot-arena/contract";
import { isKnockedOut } from "@bot-arena/game";
import { Eye, Hourglass, Radio, ShieldX } from "lucide-react";
import type { ReactNode } from "react";
import { ButtonLink } from "../../ui/ButtonLink";
import { cn } from "../../ui/cn";

const plays = (m: TournamentMatch, id: string) => m.participant1Id === id || m.participant2Id === id;

function Line({
  tone,
  icon,
  title,
  detail,
  action,
}: {
  tone: "live" | "in" | "out";
  icon: ReactNode;
  title: string;
  detail: string;
  action?: ReactNode;
}) {
  return (
    <section
      className={cn(
        "flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3",
        tone === "live" && "border-orange-400/70 bg-orange-500/10 shadow-[0_0_18px_rgb(251_146_60/0.25)]",
        tone === "in" && "border-cyan/30 bg-cyan/5",
        tone === "out" && "border-danger/40 bg-danger/5",
      )}
      aria-label="Your tournament"
      data-testid="my-tournament"
      data-state={tone}
    >
      <span
        className={cn(
          "grid size-10 shrink-0 place-items-center rounded-full border",
          tone === "live" && "border-orange-400/60 text-orange-300",
          tone === "in" && "border-cyan/40 text-cyan",
          tone === "out" && "border-danger/50 text-danger",
        )}
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-display text-sm font-bold uppercase tracking-widest text-ink">{title}</p>
        <p className="text-sm text-muted">{detail}</p>
      </div>
      {action}
    </section>
  );
}

export function MyTournamentStatus({ detail }: { detail: TournamentDetail }) {
  const { tournament, matches, myParticipantId: me } = detail;
  if (me === null || tournament.status !== "active") return null;
  const mine = matches.filter((m) => plays(m, me) && m.participant1Id !== null && m.participant2Id !== null);
  const live = mine.find((m) => m.status === "in_progress");
  if (live) {
    return (
      <Line
        tone="live"
        icon={<Radio className="size-5 animate-pulse" aria-hidden="true" />}
        title="Your match is live"
        detail={`${live.title} · Match ${live.matchNumber}`}
        action={
          live.battleId && (
            <ButtonLink
              to={`/battles/${live.battleId}`}
              size="sm"
              icon={<Eye className="size-4" aria-hidden="true" />}
            >
              Watch
            </ButtonLink>
          )
        }
      />
    );
  }
  if (isKnockedOut(tournament.format, matches, me)) {
    const lost = mine.filter((m) => m.winnerId !== null && m.winnerId !== me).at(-1);
    return (
      <Line
        tone="out"
        icon={<ShieldX className="size-5" aria-hidden="true" />}
        title="You were knocked out"
        detail={lost ? `${lost.title} · Match ${lost.matchNumber}` : "Your run is over."}
      />
    );
  }
  return (
    <Line
      tone="in"
      icon={<Hourglass className="size-5" aria-hidden="true" />}
      title="You are still in"
      detail="Your next match goes live when this round ends."
    />
  );
}
