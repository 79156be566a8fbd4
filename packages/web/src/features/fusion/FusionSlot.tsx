// One of the fusion chamber's two slots: empty (waiting for a pick) or holding a bot, which a click releases.
import type { Bot } from "@bot-arena/contract";
import { Plus, X } from "lucide-react";
import { cn } from "../../ui/cn";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";

export function FusionSlot({ label, bot, onClear }: { label: string; bot: Bot | null; onClear: () => void }) {
  return (
    <div
      className={cn(
        "relative flex w-full max-w-52 flex-col items-center gap-2 rounded-2xl border-2 border-dashed p-3 text-center transition",
        bot ? "border-cyan/70 bg-cyan/5 shadow-neon-cyan" : "border-cyan/25 bg-void/40",
      )}
      data-testid={`fusion-${label.toLowerCase().replace(" ", "-")}`}
    >
      <p className="font-display text-[0.65rem] font-bold uppercase tracking-[0.25em] text-muted">{label}</p>
      {bot ? (
        <>
          <BotImage bot={bot} quiet className="w-full" />
          <RarityBadge rarity={bot.rarity} />
          <p className="w-full break-words font-display text-sm font-bold uppercase text-ink">{bot.name}</p>
          <p className="text-xs text-muted">Lv. {bot.level}</p>
          <button
            type="button"
            aria-label={`Remove ${bot.name} from ${label}`}
            onClick={onClear}
            className="absolute top-2 right-2 cursor-pointer rounded-full border border-danger/50 bg-void/80 p-1 text-danger transition hover:bg-danger/20"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </>
      ) : (
        <div className="grid aspect-square w-full place-items-center rounded-lg bg-void/40">
          <Plus className="size-10 text-cyan/40" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
