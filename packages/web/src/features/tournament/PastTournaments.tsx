// Tournaments already over, newest first: name, date and champion; opening one shows its bracket or table.
import type { PastTournament } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { ChevronDown, Crown, History } from "lucide-react";
import { useState } from "react";
import { QueryView } from "../../app/QueryView";
import { Badge } from "../../ui/Badge";
import { cn } from "../../ui/cn";
import { formatDay } from "../../ui/dates";
import { Panel } from "../../ui/Panel";
import { Spinner } from "../../ui/Spinner";
import { EventView } from "./EventView";
import { usePastTournaments, useTournamentDetail } from "./useTournament";

const noBracket = <p className="py-3 text-sm text-muted">No bracket was played.</p>;

function PastBracket({ id }: { id: string }) {
  const detail = useTournamentDetail(id);
  return (
    <QueryView query={detail} pending={<Spinner className="mx-auto my-4 text-cyan" />} failed={noBracket}>
      {(bracket) => (bracket.matches.length === 0 ? noBracket : <EventView detail={bracket} />)}
    </QueryView>
  );
}

function PastRow({ tournament }: { tournament: PastTournament }) {
  const [open, setOpen] = useState(false);
  const when = tournament.completedAt ?? tournament.createdAt;
  return (
    <li className="border-b border-cyan/10 last:border-b-0" data-testid="past-tournament">
      <button
        type="button"
        className="flex w-full cursor-pointer items-center gap-3 px-5 py-3 text-left transition hover:bg-cyan/5"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <div className="min-w-0 flex-1">
          <p className="break-words font-semibold text-ink">{tournament.name}</p>
          <p className="text-sm text-muted">{formatDay(when)}</p>
        </div>
        {tournament.ended === "cancelled" ? (
          <Badge tone="danger">{messages.tournamentCancelled}</Badge>
        ) : tournament.champion ? (
          <span className="flex min-w-0 items-center gap-1.5 text-sm text-amber">
            <Crown className="size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">
              {tournament.champion.username} · {tournament.champion.botName}
            </span>
          </span>
        ) : null}
        <ChevronDown
          className={cn("size-4 shrink-0 text-muted transition", open && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      {open && (
        <div className="px-3 pb-4">
          <PastBracket id={tournament.id} />
        </div>
      )}
    </li>
  );
}

/** `exceptId`: the tournament already shown above (a finished one stays there until archived). */
export function PastTournaments({ exceptId }: { exceptId?: string | undefined }) {
  const past = usePastTournaments();
  const list = past.data?.tournaments.filter((t) => t.id !== exceptId) ?? [];
  if (list.length === 0) return null;
  return (
    <Panel padded={false}>
      <h3 className="flex items-center gap-2 border-b border-cyan/15 px-5 py-4 font-display text-sm font-bold uppercase tracking-[0.2em] text-ink">
        <History className="size-4 text-cyan" aria-hidden="true" />
        Past Tournaments
      </h3>
      <ul aria-label="Past tournaments">
        {list.map((t) => (
          <PastRow key={t.id} tournament={t} />
        ))}
      </ul>
    </Panel>
  );
}
