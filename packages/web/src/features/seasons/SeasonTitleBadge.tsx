// A pilot's latest season title ('Season 3 Champion') as the leaderboard, the chat and the profile show it: one
// gold badge with the podium's medal, so a season's reward reads the same wherever the pilot's name appears.
import { Medal } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { cn } from "../../ui/cn";

export function SeasonTitleBadge({ title, className }: { title: string; className?: string }) {
  return (
    <Badge tone="legendary" className={cn("shrink-0 whitespace-nowrap", className)}>
      <Medal className="size-3" aria-hidden="true" />
      <span data-testid="season-title">{title}</span>
    </Badge>
  );
}
