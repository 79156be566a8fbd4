// The rank column: a crown, a silver and a bronze medal for the podium, the number for everyone else.
import { PODIUM_SIZE } from "@bot-arena/game";
import { Crown, Medal } from "lucide-react";

const podium = [
  { Icon: Crown, color: "#ffd23f", label: "1st place" },
  { Icon: Medal, color: "#d7e1f0", label: "2nd place" },
  { Icon: Medal, color: "#e08a4a", label: "3rd place" },
] as const;

/** `within` names the list when a page has two ('1st place in Season 3'), so each place is told apart. */
export function RankIcon({ rank, within }: { rank: number; within?: string }) {
  const podiumPlace = rank <= PODIUM_SIZE ? podium[rank - 1] : undefined;
  if (!podiumPlace)
    return <span className="font-display text-sm font-bold tabular-nums text-muted">#{rank}</span>;
  const place = { ...podiumPlace, label: within ? `${podiumPlace.label} in ${within}` : podiumPlace.label };
  return (
    <span className="inline-flex items-center gap-1.5" title={place.label}>
      <place.Icon
        className="size-6"
        style={{ color: place.color, filter: `drop-shadow(0 0 6px ${place.color}aa)` }}
        aria-label={place.label}
      />
      <span className="font-display text-sm font-black tabular-nums" style={{ color: place.color }}>
        {rank}
      </span>
    </span>
  );
}
