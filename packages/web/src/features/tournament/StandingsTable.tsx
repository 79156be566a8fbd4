// A round robin's or Swiss's table: place, player and bot, wins, losses, byes and (Swiss) Buchholz, in the
// server's order. The viewer's row is lit and says 'You'; once the event is over the top three wear 1st, 2nd
// and 3rd. Fixed columns, so on a phone the names wrap and every number stays on screen.
import type { TournamentParticipant, TournamentStanding } from "@bot-arena/contract";
import { Crown, Medal } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { ColumnHead, columnHeadRow } from "../../ui/ColumnHead";
import { cn } from "../../ui/cn";
import { BotImage } from "../bots/BotImage";
import { botLookOf } from "./ParticipantList";

const podium = [
  { text: "1st", tone: "text-amber", Icon: Crown },
  { text: "2nd", tone: "text-slate-200", Icon: Medal },
  { text: "3rd", tone: "text-orange-300", Icon: Medal },
] as const;

function Place({ place, final }: { place: number; final: boolean }) {
  const medal = final ? podium[place - 1] : undefined;
  if (!medal) return <span className="font-display text-sm font-bold tabular-nums text-muted">{place}</span>;
  return (
    <span className={cn("inline-flex items-center gap-1 font-display text-sm font-black", medal.tone)}>
      {/* A phone's narrow column keeps the word; the medal joins it on a wider screen. */}
      <medal.Icon className="size-4 shrink-0 max-sm:hidden" aria-hidden="true" />
      {medal.text}
    </span>
  );
}

/** A column head that a phone shortens ("Bh" for Buchholz), the full word kept for a screen reader. */
const number = "py-3 text-right font-display text-sm font-bold tabular-nums";

export function StandingsTable({
  standings,
  participants,
  myParticipantId,
  showBuchholz,
  final,
}: {
  standings: readonly TournamentStanding[];
  participants: readonly TournamentParticipant[];
  myParticipantId: string | null;
  showBuchholz: boolean;
  /** The event is over: the places are final and the podium is marked. */
  final: boolean;
}) {
  const byId = new Map(participants.map((p) => [p.id, p]));
  const rows = [...standings].sort((a, b) => a.place - b.place);
  if (rows.length === 0) {
    return (
      <p className="px-5 py-8 text-center text-muted">The table fills in once the first round is paired.</p>
    );
  }
  return (
    <table className="w-full table-fixed border-collapse text-left" aria-label="Standings">
      <thead>
        <tr className={columnHeadRow}>
          <ColumnHead full="Place" short="#" className="w-14 pl-3 sm:w-20 sm:pl-5" />
          <ColumnHead full="Player" className="px-2" />
          <ColumnHead full="W" className="w-9 px-1 text-right sm:w-16" />
          <ColumnHead full="L" className="w-9 px-1 text-right sm:w-16" />
          <ColumnHead
            full="Byes"
            short="Bye"
            className={cn("w-11 px-1 text-right sm:w-20", !showBuchholz && "pr-3 sm:pr-5")}
          />
          {showBuchholz && (
            <ColumnHead full="Buchholz" short="Bh" className="w-11 pr-3 pl-1 text-right sm:w-28 sm:pr-5" />
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const p = byId.get(row.participantId);
          const mine = row.participantId === myParticipantId;
          return (
            <tr
              key={row.participantId}
              className={cn(
                "border-t border-cyan/10",
                final && row.place <= 3 && "bg-linear-to-r from-amber/10 to-transparent",
                mine && "bg-cyan/10 shadow-[inset_3px_0_0_var(--color-cyan)]",
              )}
              aria-current={mine ? "true" : undefined}
              data-testid="standing-row"
            >
              <td className="py-3 pl-3 sm:pl-5">
                <Place place={row.place} final={final} />
              </td>
              <td className="px-2 py-3">
                <div className="flex min-w-0 items-center gap-3">
                  {p && <BotImage bot={botLookOf(p)} quiet className="hidden size-10 shrink-0 sm:block" />}
                  <div className="min-w-0">
                    <p className="flex min-w-0 items-center gap-2">
                      <span className="wrap-anywhere font-semibold text-ink">
                        {p?.username ?? "Unknown pilot"}
                      </span>
                      {mine && <Badge tone="cyan">You</Badge>}
                    </p>
                    <p className="wrap-anywhere text-sm text-muted">{p?.botName ?? "—"}</p>
                  </div>
                </div>
              </td>
              <td className={cn(number, "px-1 text-lime")}>{row.wins}</td>
              <td className={cn(number, "px-1 text-danger/90")}>{row.losses}</td>
              <td className={cn(number, "px-1 text-ink", !showBuchholz && "pr-3 sm:pr-5")}>{row.byes}</td>
              {showBuchholz && (
                <td className={cn(number, "pr-3 pl-1 text-cyan sm:pr-5")} data-testid="buchholz">
                  {row.buchholz ?? 0}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
