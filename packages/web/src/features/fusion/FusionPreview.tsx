// What the chamber would make: the next rarity, the level and the stats, computed by the rulebook in the
// browser as a preview (the server computes the bot it actually creates).
import type { FusedBot } from "@bot-arena/game";
import { Sparkles } from "lucide-react";
import { BotStatGrid } from "../bots/BotStatGrid";
import { RarityBadge } from "../bots/RarityBadge";

export function FusionPreview({ preview }: { preview: FusedBot | null }) {
  return (
    <div
      className="flex w-full max-w-60 flex-col items-center gap-3 rounded-2xl border border-magenta/50 bg-magenta/5 p-4 text-center shadow-neon-magenta"
      data-testid="fusion-result"
    >
      <p className="font-display text-[0.65rem] font-bold uppercase tracking-[0.25em] text-magenta">Result</p>
      {preview ? (
        <>
          <Sparkles className="size-8 animate-glow-pulse text-magenta" aria-hidden="true" />
          <RarityBadge rarity={preview.rarity} />
          <p className="font-display text-sm font-bold uppercase text-ink">
            {preview.model} · Lv. {preview.level}
          </p>
          <BotStatGrid stats={preview} compact className="w-full" />
        </>
      ) : (
        <p className="py-10 text-sm text-muted">
          Choose two bots of the same rarity to see what they become.
        </p>
      )}
    </div>
  );
}
