// A finished tournament: the podium (CHAMPION, RUNNER-UP, 3RD PLACE) with prizes, the prize pool in player
// mode, the full ranking with a 'You' badge (left out where the format's own table below already ranks everyone:
// round robin and Swiss), and the champions panel of everyone who won coins.
import type { TournamentDetail, TournamentParticipant } from "@bot-arena/contract";
import { Crown, Medal, Trophy } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { cn } from "../../ui/cn";
import { Panel } from "../../ui/Panel";
import { formatCoins } from "../bank/coins";
import { BotImage } from "../bots/BotImage";
import { botLookOf } from "./ParticipantList";

const places = [
  {
    place: 1,
    title: "CHAMPION",
    tone: "text-amber",
    rim: "border-amber/70 shadow-[0_0_28px_rgb(255_176_32/0.35)]",
    height: "sm:pt-0",
  },
  { place: 2, title: "RUNNER-UP", tone: "text-slate-200", rim: "border-slate-300/50", height: "sm:pt-8" },
  { place: 3, title: "3RD PLACE", tone: "text-orange-300", rim: "border-orange-400/50", height: "sm:pt-14" },
] as const;

/** Winners as the spec reads them: prize above 0, biggest first, top 3. */
export const winnersOf = (participants: readonly TournamentParticipant[]) =>
  participants
    .filter((p) => p.prizeWon > 0)
    .sort((a, b) => b.prizeWon - a.prizeWon)
    .slice(0, 3);

function Podium({ participants }: { participants: readonly TournamentParticipant[] }) {
  const at = (place: number) => participants.find((p) => p.placement === place) ?? null;
  // Second, first, third: the champion stands in the middle on wide screens.
  const order = [places[1], places[0], places[2]];
  return (
    <div className="grid gap-4 sm:grid-cols-3 sm:items-start" data-testid="podium">
      {order.map((slot) => {
        const p = at(slot.place);
        return (
          <div
            key={slot.place}
            className={cn(slot.place === 1 ? "order-first sm:order-none" : "", slot.height)}
          >
            <div className={cn("rounded-xl border bg-abyss/90 p-4 text-center", slot.rim)}>
              <p
                className={cn(
                  "flex items-center justify-center gap-2 font-display text-sm font-black tracking-[0.25em]",
                  slot.tone,
                )}
              >
                {slot.place === 1 ? (
                  <Crown className="size-5" aria-hidden="true" />
                ) : (
                  <Medal className="size-5" aria-hidden="true" />
                )}
                {slot.title}
              </p>
              {p ? (
                <>
                  <BotImage bot={botLookOf(p)} className="mx-auto mt-3 size-20" quiet />
                  <p className="mt-2 break-words font-semibold text-ink">{p.username}</p>
                  <p className="break-words text-sm text-muted">{p.botName}</p>
                  <p className="mt-2 font-display text-lg font-black text-amber">
                    {formatCoins(p.prizeWon)} coins
                  </p>
                </>
              ) : (
                <p className="mt-4 text-muted">—</p>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

export function CompletedView({ detail }: { detail: TournamentDetail }) {
  const { tournament, participants, myParticipantId } = detail;
  const showRanking = tournament.format !== "round_robin" && tournament.format !== "swiss";
  const ranking = [...participants].sort((a, b) => (a.placement ?? 999) - (b.placement ?? 999));
  const winners = winnersOf(participants);
  return (
    <div className="space-y-6">
      <Panel tone="magenta">
        <Podium participants={participants} />
        {tournament.entryFeeMode === "player" && (
          <p
            className="mt-5 text-center font-display font-bold tracking-widest text-ink"
            data-testid="total-pool"
          >
            Total Prize Pool: {formatCoins(tournament.prizePool)} coins
          </p>
        )}
      </Panel>
      <div className={cn("grid gap-6", showRanking && "lg:grid-cols-[2fr_1fr]")}>
        {showRanking && (
          <Panel padded={false}>
            <h3 className="border-b border-cyan/15 px-5 py-4 font-display text-sm font-bold uppercase tracking-[0.2em] text-ink">
              Final Ranking
            </h3>
            <ol aria-label="Final ranking">
              {ranking.map((p) => (
                <li
                  key={p.id}
                  className={cn(
                    "flex items-center gap-3 border-b border-cyan/10 px-5 py-3 last:border-b-0",
                    p.id === myParticipantId && "bg-cyan/10",
                  )}
                  data-testid="ranking-row"
                >
                  <span className="w-8 font-display font-black text-cyan">#{p.placement ?? "-"}</span>
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold text-ink">
                      {p.username}
                      {p.id === myParticipantId && (
                        <Badge tone="cyan" className="ml-2">
                          You
                        </Badge>
                      )}
                    </p>
                    <p className="break-words text-sm text-muted">
                      {p.botName} · Lv. {p.botLevel}
                    </p>
                  </div>
                  <span className="text-right text-sm text-muted">
                    Power{" "}
                    <span className="font-display font-bold text-ink">{formatCoins(p.totalStrength)}</span>
                  </span>
                </li>
              ))}
            </ol>
          </Panel>
        )}
        <Panel tone="neutral">
          <h3 className="mb-4 flex items-center gap-2 font-display text-sm font-bold uppercase tracking-[0.2em] text-ink">
            <Trophy className="size-4 text-amber" aria-hidden="true" />
            Champions
          </h3>
          {winners.length === 0 ? (
            <p className="text-muted">No prizes this time.</p>
          ) : (
            <ul
              className={cn("space-y-3", !showRanking && "sm:grid sm:grid-cols-3 sm:gap-8 sm:space-y-0")}
              aria-label="Champions"
            >
              {winners.map((p, i) => (
                <li key={p.id} className="flex items-center justify-between gap-3" data-testid="champion">
                  <span className="min-w-0 break-words text-ink">
                    <span className="mr-2 font-display font-black text-cyan">{i + 1}.</span>
                    {p.username}
                  </span>
                  <span className="font-display font-bold text-lime">+{formatCoins(p.prizeWon)} coins</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
