// The Tournaments tab of /admin, self-contained so the admin page only mounts it: the create form and every
// tournament (its format, and a warning with the last error while the event runner keeps failing a step on it)
// with the actions seed 001 section 4 offers (start unless active or finished; stop and End Now unless
// finished, each behind a confirmation since neither can be undone; archive once finished), each answered by the
// server's message as a toast.
import type { AdminTournament } from "@bot-arena/contract";
import { Archive, Flag, Play, Square, Zap } from "lucide-react";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../../../app/api";
import { QueryView } from "../../../app/QueryView";
import { Badge, type BadgeTone } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { formatWhen } from "../../../ui/dates";
import { Panel } from "../../../ui/Panel";
import { RetryingNote } from "../../../ui/RetryingNote";
import { SpinnerArea } from "../../../ui/Spinner";
import { formatLabel, plural } from "../formats";
import { CreateTournamentForm } from "./CreateTournamentForm";
import { moneyLine } from "./moneyLine";
import { useReport } from "./report";
import { type AdminTournamentAction, useAdminTournaments, useTournamentAction } from "./useAdminTournaments";

const statusTones: Record<AdminTournament["status"], BadgeTone> = {
  registration: "neutral",
  pending: "cyan",
  active: "magenta",
  completed: "success",
  cancelled: "danger",
  archived: "neutral",
};

const buttons: {
  action: AdminTournamentAction;
  label: string;
  icon: ReactNode;
  variant: "primary" | "secondary" | "danger" | "ghost";
}[] = [
  {
    action: "start",
    label: "Start",
    icon: <Play className="size-4" aria-hidden="true" />,
    variant: "primary",
  },
  {
    action: "stop",
    label: "Stop",
    icon: <Square className="size-4" aria-hidden="true" />,
    variant: "danger",
  },
  {
    action: "forceComplete",
    label: "End Now",
    icon: <Zap className="size-4" aria-hidden="true" />,
    variant: "secondary",
  },
  {
    action: "archive",
    label: "Archive",
    icon: <Archive className="size-4" aria-hidden="true" />,
    variant: "ghost",
  },
];

/** What Stop and End Now ask before they run: both finish the tournament for good. */
function confirmationOf(action: AdminTournamentAction, t: AdminTournament) {
  if (action === "stop") {
    const refund =
      t.entryFeeMode === "player" && t.currentPlayers > 0
        ? `, and each of its ${plural(t.currentPlayers, "player")} gets the entry fee back`
        : "";
    return {
      title: "Stop this tournament?",
      description: `"${t.name}" is cancelled now: no more matches and no prizes${refund}. This cannot be undone.`,
      confirmLabel: "Stop tournament",
    };
  }
  if (action === "forceComplete") {
    return {
      title: "End this tournament now?",
      description: `Registration for "${t.name}" closes, every remaining match is fought at once and the podium is paid (too few ready players cancel it instead). This cannot be undone.`,
      confirmLabel: "End now",
    };
  }
  return null;
}

/** The event runner failed this tournament's last steps: it retries, and the admin sees why. */
function StuckNote({ tournament }: { tournament: AdminTournament }) {
  if (tournament.attempts === 0) return null;
  return (
    <RetryingNote
      className="mt-2"
      headline={`Stuck — retrying (${plural(tournament.attempts, "failed step")})`}
      error={tournament.lastError}
      testId="stuck"
      errorTestId="stuck-error"
    />
  );
}

function TournamentRow({ tournament }: { tournament: AdminTournament }) {
  const act = useTournamentAction();
  const report = useReport();
  const [asking, setAsking] = useState<AdminTournamentAction | null>(null);
  const confirmation = asking ? confirmationOf(asking, tournament) : null;
  const run = async (action: AdminTournamentAction) => {
    setAsking(null);
    try {
      const result = await act.mutateAsync({ id: tournament.id, action });
      // Start or End Now that cancelled for want of ready players is worth a warning, not a cheer.
      if (result.tournament.status === "cancelled" && action !== "stop") report.warning(result.message);
      else report.success(result.message);
    } catch (error) {
      report.fail(error);
    }
  };
  const offered = buttons.filter((b) => tournament.actions[b.action]);
  return (
    <li
      className="flex flex-col gap-3 border-b border-cyan/10 py-4 last:border-b-0 md:flex-row md:items-center md:justify-between"
      data-testid="admin-tournament"
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-display font-bold tracking-wide text-ink">{tournament.name}</span>
          <Badge tone={statusTones[tournament.status]}>{tournament.status}</Badge>
          <Badge tone="neutral">{formatLabel(tournament)}</Badge>
          <Badge tone={tournament.entryFeeMode === "player" ? "magenta" : "cyan"}>
            {tournament.entryFeeMode === "player" ? "Player-paid" : "Admin-funded"}
          </Badge>
          {tournament.repeatEveryHours !== null && (
            <Badge tone="neutral">Every {tournament.repeatEveryHours} h</Badge>
          )}
        </div>
        <p className="text-sm text-muted">
          {tournament.currentPlayers}/{tournament.maxPlayers} players (min {tournament.minPlayers}) ·{" "}
          {tournament.readyCount} ready · {moneyLine(tournament)} · {tournament.roundSeconds}s rounds ·{" "}
          {formatWhen(tournament.createdAt)}
        </p>
        <StuckNote tournament={tournament} />
      </div>
      <div className="flex flex-wrap gap-2">
        {offered.map((b) => (
          <Button
            key={b.action}
            size="sm"
            variant={b.variant}
            icon={b.icon}
            busy={act.isPending && act.variables?.action === b.action}
            disabled={act.isPending}
            onClick={() => (confirmationOf(b.action, tournament) ? setAsking(b.action) : void run(b.action))}
          >
            {b.label}
          </Button>
        ))}
      </div>
      {confirmation && asking && (
        <ConfirmDialog
          open
          onCancel={() => setAsking(null)}
          onConfirm={() => void run(asking)}
          {...confirmation}
        />
      )}
    </li>
  );
}

/** `children`: the admin page's other event settings (the guild war rewards), between the form and the list. */
export function AdminTournamentsTab({ children }: { children?: ReactNode }) {
  const list = useAdminTournaments();
  return (
    <div className="space-y-6">
      <CreateTournamentForm defaults={list.data?.defaults} />
      {children}
      <Panel tone="magenta">
        <h2 className="mb-2 flex items-center gap-2 font-display text-base font-bold uppercase tracking-widest text-ink">
          <Flag className="size-5 text-magenta" aria-hidden="true" />
          All Tournaments
        </h2>
        <QueryView
          query={list}
          pending={<SpinnerArea className="py-8" />}
          failed={(error) => (
            <p className="py-4 text-danger">{errorMessage(error, "Failed to load tournaments")}</p>
          )}
        >
          {({ tournaments }) =>
            tournaments.length === 0 ? (
              <p className="py-4 text-muted">No tournaments yet. Create the first one above.</p>
            ) : (
              <ul aria-label="Tournaments">
                {tournaments.map((tournament) => (
                  <TournamentRow key={tournament.id} tournament={tournament} />
                ))}
              </ul>
            )
          }
        </QueryView>
      </Panel>
    </div>
  );
}

export default AdminTournamentsTab;
