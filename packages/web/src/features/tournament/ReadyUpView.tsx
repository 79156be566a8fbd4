// The ready-up phase: the four tiles (players, ready, entry fee, prize pool or 1st place reward), the prize
// split in player mode, Join and I'm Ready, the waiting line, and the participant list. Only the ready enter the
// bracket, so the pool shown is theirs ('up to' the joined players' while registration runs), and once enough
// have joined the line says who still has to ready up and when the start refunds them.
import type { TournamentDetail } from "@bot-arena/contract";
import { messages, readyUpMessage, TOURNAMENT_ENTRY_FEE, TOURNAMENT_MIN_PLAYERS } from "@bot-arena/game";
import { CheckCircle2, Coins, Swords, Timer, Trophy, UserCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { Button } from "../../ui/Button";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "../bank/coins";
import { countdownText } from "./countdown";
import { ParticipantList } from "./ParticipantList";
import { useJoinTournament, useReadyUp } from "./useTournament";

function Tile({
  label,
  value,
  icon,
  note,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  note?: string;
}) {
  return (
    <div className="rounded-lg border border-cyan/20 bg-void/60 p-4" data-testid="tile">
      <p className="flex items-center gap-2 text-xs font-bold uppercase tracking-[0.16em] text-muted">
        {icon}
        {label}
      </p>
      <p className="mt-2 font-display text-xl font-black text-ink">{value}</p>
      {note && (
        <p className="mt-0.5 text-xs text-muted" data-testid="tile-note">
          {note}
        </p>
      )}
    </div>
  );
}

/** When the start drops the unready: the countdown to registration's end, or just the rule once it is due. */
function refundLine(tournament: TournamentDetail["tournament"], now: number): string {
  const left = countdownText(tournament, now);
  return tournament.registrationEndsAt && left !== messages.registrationEnded
    ? `${messages.unreadyRefunded}, in ${left}.`
    : `${messages.unreadyRefunded}.`;
}

export function ReadyUpView({ detail, now }: { detail: TournamentDetail; now: number }) {
  const { tournament, participants, myParticipantId } = detail;
  const join = useJoinTournament();
  const readyUp = useReadyUp();
  const me = participants.find((p) => p.id === myParticipantId) ?? null;
  const playerMode = tournament.entryFeeMode === "player";
  const full = tournament.currentPlayers >= tournament.maxPlayers;
  const waiting = readyUpMessage({
    currentPlayers: tournament.currentPlayers,
    readyCount: tournament.readyCount,
    minPlayers: tournament.minPlayers,
  });
  // Enough have joined and some are not ready: the start goes ahead without them.
  const dropsUnready =
    tournament.currentPlayers >= Math.max(tournament.minPlayers, TOURNAMENT_MIN_PLAYERS) &&
    tournament.readyCount < tournament.currentPlayers;

  const onJoin = async () => {
    try {
      toast.success((await join.mutateAsync(tournament.id)).message || messages.joinedTournament);
    } catch (error) {
      toast.error(errorMessage(error, messages.failedToJoinTournament));
    }
  };
  const onReady = async () => {
    try {
      toast.success((await readyUp.mutateAsync(tournament.id)).message || messages.readyWaiting);
    } catch (error) {
      toast.error(errorMessage(error, messages.failedToReadyUp));
    }
  };

  const icon = "size-4 text-cyan";
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label="Players"
          value={`${tournament.currentPlayers} (${tournament.minPlayers}-${tournament.maxPlayers})`}
          icon={<Users className={icon} aria-hidden="true" />}
        />
        <Tile
          label="Ready"
          value={String(tournament.readyCount)}
          icon={<UserCheck className={icon} aria-hidden="true" />}
        />
        <Tile
          label="Entry Fee"
          value={playerMode ? String(TOURNAMENT_ENTRY_FEE) : "Free"}
          icon={<Coins className={icon} aria-hidden="true" />}
        />
        <Tile
          label={playerMode ? "Prize Pool" : "1st Place"}
          value={formatCoins(playerMode ? tournament.readyPrizePool : tournament.rewards.first)}
          note={
            playerMode && tournament.prizePool > tournament.readyPrizePool
              ? `up to ${formatCoins(tournament.prizePool)}`
              : undefined
          }
          icon={<Trophy className="size-4 text-amber" aria-hidden="true" />}
        />
      </div>
      {playerMode && (
        <p
          className="rounded-lg border border-magenta/30 bg-magenta/10 px-4 py-3 text-sm text-ink"
          data-testid="split"
        >
          Prize split: 1st 60%, 2nd 20%, 3rd 10%
        </p>
      )}
      <Panel>
        <div className="flex flex-col items-center gap-4 text-center">
          {!me && (
            <Button
              size="lg"
              busy={join.isPending}
              disabled={full}
              onClick={() => void onJoin()}
              icon={<Swords className="size-5" aria-hidden="true" />}
            >
              {playerMode ? `Join Tournament (${TOURNAMENT_ENTRY_FEE} coins)` : "Join Tournament"}
            </Button>
          )}
          {me && !me.isReady && (
            <Button
              size="lg"
              variant="secondary"
              busy={readyUp.isPending}
              onClick={() => void onReady()}
              icon={<CheckCircle2 className="size-5" aria-hidden="true" />}
            >
              I'm Ready!
            </Button>
          )}
          {me?.isReady && (
            <p className="flex items-center gap-2 font-semibold text-lime" data-testid="ready-note">
              <CheckCircle2 className="size-5" aria-hidden="true" />
              {messages.readyNote}
            </p>
          )}
          <div>
            <p className="text-muted" data-testid="ready-message">
              {waiting}
            </p>
            {dropsUnready && (
              <p
                className="mt-1 flex items-center justify-center gap-1.5 text-sm text-amber"
                data-testid="ready-deadline"
              >
                <Timer className="size-4 shrink-0" aria-hidden="true" />
                {refundLine(tournament, now)}
              </p>
            )}
          </div>
        </div>
      </Panel>
      <Panel tone="neutral">
        <h3 className="mb-4 font-display text-sm font-bold uppercase tracking-[0.2em] text-ink">Warriors</h3>
        <ParticipantList participants={participants} myParticipantId={myParticipantId} />
      </Panel>
    </div>
  );
}
