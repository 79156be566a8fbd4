// The active bot as the weapon rack sees it: its picture (redrawn holding the equipped weapon) and what it
// carries, with a way to the roster when no bot is active.
import type { EquipmentItem, InventoryEntry } from "@bot-arena/contract";
import type { Stats } from "@bot-arena/game";
import { Bot as BotIcon, Crosshair, Sparkles } from "lucide-react";
import { buttonClass } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { Panel } from "../../ui/Panel";
import { BotImage } from "../bots/BotImage";
import { BotStatGrid } from "../bots/BotStatGrid";
import { RarityBadge } from "../bots/RarityBadge";
import { useActiveBot } from "../bots/useBots";

/** The stats the arena fights with: the bot's own plus the weapon's bonuses. */
const withBonuses = (bot: Stats, item: EquipmentItem): Stats => ({
  strength: bot.strength + item.strengthBonus,
  agility: bot.agility + item.agilityBonus,
  defense: bot.defense + item.defenseBonus,
  intelligence: bot.intelligence + item.intelligenceBonus,
});

export function ArmedBotPanel({ equipped }: { equipped: InventoryEntry | null }) {
  const { data: bot, isPending } = useActiveBot();
  if (isPending) return null;
  if (!bot) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber/30 bg-amber/5 px-4 py-3">
        <BotIcon className="size-5 text-amber" aria-hidden="true" />
        <span className="flex-1 text-muted">
          Weapons are equipped to your active bot. Pick one in your roster first.
        </span>
        <ButtonLink to="/dashboard" size="sm" variant="ghost">
          Choose active bot
        </ButtonLink>
      </div>
    );
  }
  const carried = equipped && equipped.equippedBot?.id === bot.id ? equipped.equipment : null;
  return (
    <Panel padded={false}>
      <div className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center">
        <BotImage bot={bot} className="size-40 shrink-0 self-center sm:size-44" />
        <div className="flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <RarityBadge rarity={bot.rarity} />
            <span className="font-display text-[0.65rem] font-bold uppercase tracking-[0.2em] text-muted">
              Active bot · Lv. {bot.level}
            </span>
          </div>
          <h2
            className="font-display text-2xl font-black uppercase tracking-wider text-ink"
            data-testid="armed-bot-name"
          >
            {bot.name}
          </h2>
          {carried ? (
            <div className="inline-flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-lime/40 bg-lime/10 px-3 py-2">
              <Crosshair className="size-4 text-lime" aria-hidden="true" />
              <span className="font-display text-sm font-bold uppercase tracking-wide text-lime">
                {carried.name}
              </span>
              <span className="inline-flex items-center gap-1 text-sm text-magenta">
                <Sparkles className="size-3.5" aria-hidden="true" />
                {carried.ultimateAbilityName}
              </span>
            </div>
          ) : (
            <p className="text-muted">
              Unarmed. Equip a weapon below to add its bonuses and ultimate in battle.
            </p>
          )}
          <div>
            <p className="mb-1.5 text-[0.65rem] font-semibold uppercase tracking-[0.2em] text-muted">
              {carried ? "Battle stats with weapon" : "Battle stats"}
            </p>
            <BotStatGrid stats={carried ? withBonuses(bot, carried) : bot} />
          </div>
        </div>
        {/* The spec's 'manage bots' is /inventory itself: a plain anchor scrolls down to its bots section. */}
        <a href="#manage-bots" className={buttonClass("ghost", "sm", "self-start")}>
          Manage bots
        </a>
      </div>
    </Panel>
  );
}
