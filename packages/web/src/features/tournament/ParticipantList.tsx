// The ready-up view's entrants: username, bot name and picture, and a Ready or Waiting badge.
import type { TournamentParticipant } from "@bot-arena/contract";
import { Badge } from "../../ui/Badge";
import { BotImage } from "../bots/BotImage";

/** What BotImage needs, from an entry. */
export const botLookOf = (p: TournamentParticipant) => ({
  name: p.botName,
  imageUrl: p.botImageUrl,
  colorPrimary: p.botColorPrimary,
  colorSecondary: p.botColorSecondary,
});

export function ParticipantList({
  participants,
  myParticipantId,
}: {
  participants: readonly TournamentParticipant[];
  myParticipantId: string | null;
}) {
  if (participants.length === 0) {
    return <p className="py-6 text-center text-muted">No warriors yet. Be the first to join!</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Participants">
      {participants.map((p) => (
        <li
          key={p.id}
          className="flex items-center gap-3 rounded-lg border border-cyan/15 bg-void/50 p-3"
          data-testid="participant"
        >
          <BotImage bot={botLookOf(p)} className="size-12 shrink-0" quiet />
          <div className="min-w-0 flex-1">
            <p className="break-words font-semibold text-ink">
              {p.username}
              {p.id === myParticipantId && <span className="ml-2 text-xs font-bold text-cyan">(You)</span>}
            </p>
            <p className="break-words text-sm text-muted">{p.botName}</p>
          </div>
          <Badge tone={p.isReady ? "success" : "neutral"}>{p.isReady ? "Ready" : "Waiting"}</Badge>
        </li>
      ))}
    </ul>
  );
}
