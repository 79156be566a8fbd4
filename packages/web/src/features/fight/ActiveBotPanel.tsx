// The player's fighter on /fight: picture, level and record, energy out of 100 and durability, and the
// repair warning that blocks battles at 0 durability.
import type { Bot } from "@bot-arena/contract";
import { canBattleWithDurability, messages } from "@bot-arena/game";
import { Wrench } from "lucide-react";
import { ButtonLink } from "../../ui/ButtonLink";
import { Panel } from "../../ui/Panel";
import { BotImage } from "../bots/BotImage";
import { EnergyBar, XpBar } from "../bots/BotMeters";
import { BotStatGrid } from "../bots/BotStatGrid";
import { RarityBadge } from "../bots/RarityBadge";
import { DurabilityBar } from "../repair/DurabilityBar";

export function ActiveBotPanel({ bot }: { bot: Bot }) {
  return (
    <Panel>
      <div className="flex items-center gap-4 lg:flex-col lg:items-stretch">
        <BotImage bot={bot} className="w-28 shrink-0 sm:w-36 lg:w-full" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-display text-xs font-bold uppercase tracking-[0.2em] text-cyan">Your fighter</p>
          <h2 className="break-words font-display text-xl font-black uppercase text-ink">{bot.name}</h2>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <span className="font-display font-bold text-ink">Lv.{bot.level}</span>
            <RarityBadge rarity={bot.rarity} />
            <span>
              <span className="text-lime">{bot.wins}W</span> /{" "}
              <span className="text-danger">{bot.losses}L</span>
            </span>
          </div>
        </div>
      </div>
      <div className="mt-5 space-y-4">
        <EnergyBar energy={bot.energy} maxEnergy={bot.maxEnergy} />
        <XpBar xp={bot.xp} level={bot.level} />
        <DurabilityBar durability={bot.durability} maxDurability={bot.maxDurability} />
        <BotStatGrid stats={bot} compact />
      </div>
      {!canBattleWithDurability(bot.durability) && (
        <div role="alert" className="mt-5 rounded-md border border-danger/50 bg-danger/10 p-3 text-center">
          <p className="font-semibold text-danger">{messages.needsRepair}</p>
          <ButtonLink
            to="/repair"
            variant="danger"
            size="sm"
            className="mt-3"
            icon={<Wrench className="size-4" />}
          >
            Repair Bot
          </ButtonLink>
        </div>
      )}
    </Panel>
  );
}
