// A guild's banner (a perk bought from its bank): its emblem in its colour, beside the tag wherever the tag is.
import type { GuildBanner as Banner } from "@bot-arena/contract";
import { Crown, type LucideIcon, Shield, Skull, Star, Sword, Zap } from "lucide-react";
import { cn } from "../../ui/cn";

const emblems: Record<string, LucideIcon> = {
  shield: Shield,
  sword: Sword,
  skull: Skull,
  crown: Crown,
  bolt: Zap,
  star: Star,
};

export function GuildBanner({ banner, className }: { banner: Banner | null; className?: string }) {
  if (!banner) return null;
  const Emblem = emblems[banner.emblem] ?? Shield;
  return (
    <span
      role="img"
      aria-label={`${banner.color} ${banner.emblem} banner`}
      data-testid="guild-banner"
      className={cn(
        "inline-grid size-5 shrink-0 place-items-center rounded-sm border align-middle",
        className,
      )}
      style={{ color: banner.hex, borderColor: `${banner.hex}99`, backgroundColor: `${banner.hex}1f` }}
    >
      <Emblem className="size-3.5" aria-hidden="true" />
    </span>
  );
}
