// The tournament's header: its name and format, the status line, the countdowns (ticking every second: the next
// round's start and the battle's end, or registration's end) and the Warriors.
import type { TournamentSummary } from "@bot-arena/contract";
import { tournamentStatusLine } from "@bot-arena/game";
import { Network, Swords, Timer, Users } from "lucide-react";
import { Panel } from "../../ui/Panel";
import { countdownText, nextRoundText } from "./countdown";
import { formatLabel } from "./formats";

export function TournamentHeader({ tournament, now }: { tournament: TournamentSummary; now: number }) {
  const status = tournamentStatusLine(tournament);
  const countdown = countdownText(tournament, now);
  const nextRound = nextRoundText(tournament, now);
  return (
    <Panel tone="magenta">
      <div className="flex flex-col gap-5 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0">
          <p className="font-display text-xs font-bold uppercase tracking-[0.3em] text-magenta">Tournament</p>
          <h2
            className="mt-1 wrap-anywhere font-display text-2xl font-black uppercase tracking-[0.08em] text-ink sm:text-3xl"
            data-testid="tournament-name"
          >
            {tournament.name}
          </h2>
          <p
            className="mt-1 flex items-center gap-2 font-display text-xs font-bold uppercase tracking-[0.2em] text-magenta/90"
            data-testid="tournament-format"
          >
            <Network className="size-3.5" aria-hidden="true" />
            {formatLabel(tournament)}
          </p>
          {status && (
            <p
              className="mt-2 flex items-center gap-2 font-semibold text-cyan"
              data-testid="tournament-status"
            >
              <Swords className="size-4" aria-hidden="true" />
              {status}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          {nextRound && (
            <div className="min-w-32 rounded-lg border border-lime/40 bg-lime/10 px-4 py-3 text-center">
              <p className="flex items-center justify-center gap-1.5 text-xs font-bold uppercase tracking-[0.16em] text-lime/80">
                <Timer className="size-3.5" aria-hidden="true" />
                Next round
              </p>
              <p
                className="mt-1 font-display text-lg font-black tabular-nums text-lime"
                data-testid="next-round"
              >
                {nextRound}
              </p>
            </div>
          )}
          {countdown && (
            <div className="min-w-32 rounded-lg border border-amber/40 bg-amber/10 px-4 py-3 text-center">
              <p className="flex items-center justify-center gap-1.5 text-xs font-bold uppercase tracking-[0.16em] text-amber/80">
                <Timer className="size-3.5" aria-hidden="true" />
                {tournament.status === "pending" ? "Registration" : "Battle ends"}
              </p>
              <p
                className="mt-1 font-display text-lg font-black tabular-nums text-amber"
                data-testid="countdown"
              >
                {countdown}
              </p>
            </div>
          )}
          <div className="min-w-28 rounded-lg border border-cyan/40 bg-cyan/10 px-4 py-3 text-center">
            <p className="flex items-center justify-center gap-1.5 text-xs font-bold uppercase tracking-[0.16em] text-cyan/80">
              <Users className="size-3.5" aria-hidden="true" />
              Warriors
            </p>
            <p className="mt-1 font-display text-lg font-black text-cyan" data-testid="warriors">
              {tournament.currentPlayers}
            </p>
          </div>
        </div>
      </div>
    </Panel>
  );
}
