// The active bot's meters where consumables are sold, so the player sees what a cell or a kit would refill.
import { Bot as BotIcon } from "lucide-react";
import { ButtonLink } from "../../ui/ButtonLink";
import { BotImage } from "../bots/BotImage";
import { EnergyBar } from "../bots/BotMeters";
import { useActiveBot } from "../bots/useBots";
import { DurabilityBar } from "../repair/DurabilityBar";

export function ActiveBotStrip() {
  const { data: bot, isPending } = useActiveBot();
  if (isPending) return null;
  if (!bot) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber/30 bg-amber/5 px-4 py-3 text-sm">
        <BotIcon className="size-5 text-amber" aria-hidden="true" />
        <span className="flex-1 text-muted">Consumables work on your active bot, and you have none yet.</span>
        <ButtonLink to="/dashboard" size="sm" variant="ghost">
          Choose a bot
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-4 rounded-lg border border-cyan/15 bg-void/50 p-3">
      <BotImage bot={bot} quiet className="size-14 shrink-0" />
      <div className="grid flex-1 gap-3 sm:grid-cols-[auto_1fr_1fr] sm:items-center">
        <p className="font-display text-sm font-bold uppercase tracking-wide text-ink">
          {bot.name}
          <span className="block text-[0.65rem] font-semibold tracking-[0.2em] text-muted">Active bot</span>
        </p>
        <EnergyBar energy={bot.energy} maxEnergy={bot.maxEnergy} />
        <DurabilityBar durability={bot.durability} maxDurability={bot.maxDurability} />
      </div>
    </div>
  );
}
