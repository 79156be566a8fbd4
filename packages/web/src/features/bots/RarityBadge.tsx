// A bot's rarity as a coloured badge; the tones (epic included, badge-only) live in ui/Badge.
import type { Rarity } from "@bot-arena/game";
import { Gem } from "lucide-react";
import { Badge } from "../../ui/Badge";

export function RarityBadge({ rarity, className }: { rarity: string; className?: string }) {
  const tone = (isRarity(rarity) ? rarity : "common") satisfies Rarity;
  return (
    <Badge tone={tone} className={className}>
      {tone === "diamond" && <Gem className="size-3" aria-hidden="true" />}
      {rarity}
    </Badge>
  );
}

const rarities: readonly string[] = ["common", "uncommon", "rare", "epic", "legendary", "diamond"];
const isRarity = (value: string): value is Rarity => rarities.includes(value);
