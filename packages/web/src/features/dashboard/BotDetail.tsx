// The selected bot in full: large picture, rarity, name, model, level, record, XP and energy, the four stats,
// the way to make it the active bot, and its actions: Train, Battle and Customize (its name and colours; free the
// first time, paid after), where a player looking at one bot expects to change its look.
import type { Bot } from "@bot-arena/contract";
import { BOT_MODELS } from "@bot-arena/game";
import { Dumbbell, Palette, Shield, Star, Swords, Trophy } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { Panel } from "../../ui/Panel";
import { ProgressBar } from "../../ui/ProgressBar";
import { BotImage } from "../bots/BotImage";
import { EnergyBar, XpBar } from "../bots/BotMeters";
import { BotStatGrid } from "../bots/BotStatGrid";
import { RarityBadge } from "../bots/RarityBadge";
import { customizeLink } from "../customize-bots/paths";
import { FinishSetupDialogs } from "../summon/FinishSetup";

type BotDetailProps = { bot: Bot; activating: boolean; onActivate: () => void };

export function BotDetail({ bot, activating, onActivate }: BotDetailProps) {
  const model = BOT_MODELS.find((m) => m.name === bot.model);
  const [settingUp, setSettingUp] = useState(false);
  return (
    <Panel aria-label={`${bot.name} details`} data-testid="bot-detail">
      <div className="grid gap-6 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] lg:grid-cols-1 xl:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <div className="relative">
          <div
            aria-hidden="true"
            className="absolute -inset-3 rounded-2xl opacity-60 blur-2xl"
            style={{ background: `radial-gradient(circle, ${bot.colorPrimary}66, transparent 70%)` }}
          />
          <BotImage bot={bot} className="relative w-full shadow-2xl" />
        </div>
        <div className="min-w-0 space-y-4">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <RarityBadge rarity={bot.rarity} />
              <Badge tone="neutral">{bot.botClass}</Badge>
              {bot.isActive ? (
                <Badge tone="success">
                  <Star className="size-3 fill-current" aria-hidden="true" /> Active bot
                </Badge>
              ) : null}
            </div>
            <h2 className="mt-2 wrap-anywhere font-display text-2xl font-black uppercase text-ink text-glow-cyan sm:text-3xl">
              {bot.name}
            </h2>
            <p className="text-muted">
              {bot.model}
              {model ? ` · ${model.type}` : ""}
            </p>
          </div>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {[
              { label: "Level", value: bot.level, icon: Trophy, tone: "text-amber" },
              { label: "Wins", value: bot.wins, icon: Swords, tone: "text-lime" },
              { label: "Losses", value: bot.losses, icon: Shield, tone: "text-danger" },
            ].map(({ label, value, icon: Icon, tone }) => (
              <div key={label} className="rounded-lg border border-cyan/15 bg-void/60 px-2 py-2.5">
                <Icon className={`mx-auto size-4 ${tone}`} aria-hidden="true" />
                <dd className="mt-1 font-display text-xl font-black text-ink">{value}</dd>
                <dt className="text-[0.7rem] font-semibold uppercase tracking-widest text-muted">{label}</dt>
              </div>
            ))}
          </dl>
          <XpBar xp={bot.xp} level={bot.level} />
          <EnergyBar energy={bot.energy} maxEnergy={bot.maxEnergy} />
          <div className="space-y-1.5">
            <div className="flex items-baseline justify-between text-sm">
              <span className="font-semibold uppercase tracking-wider text-muted">Durability</span>
              <span className="font-display text-xs font-bold text-ink">
                {bot.durability} / {bot.maxDurability}
              </span>
            </div>
            <ProgressBar value={bot.durability} max={bot.maxDurability} label="Durability" tone="lime" />
          </div>
        </div>
      </div>
      <BotStatGrid stats={bot} className="mt-6" />
      {bot.availablePoints > 0 && (
        <p className="mt-4 rounded-md border border-lime/30 bg-lime/10 px-3 py-2 text-sm font-semibold text-lime">
          {bot.availablePoints} stat point{bot.availablePoints === 1 ? "" : "s"} to spend —{" "}
          <Link to="/train" className="underline underline-offset-2 hover:text-white">
            train now
          </Link>
        </p>
      )}
      {bot.setupStage && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-magenta/30 bg-magenta/10 px-3 py-2 text-sm font-semibold text-magenta">
          <span>This bot still needs {bot.setupStage === "name" ? "a name" : "its 10 bonus points"}.</span>
          <Button size="sm" variant="secondary" onClick={() => setSettingUp(true)}>
            {bot.setupStage === "name" ? "Name it" : "Place points"}
          </Button>
        </div>
      )}
      {settingUp && <FinishSetupDialogs bot={bot} onClose={() => setSettingUp(false)} />}
      <div className="mt-6 flex flex-wrap gap-3">
        {!bot.isActive && (
          <Button
            busy={activating}
            disabled={bot.isListed}
            onClick={onActivate}
            icon={<Star className="size-4" aria-hidden="true" />}
          >
            Make Active
          </Button>
        )}
        <ButtonLink to="/train" variant="secondary" icon={<Dumbbell className="size-4" aria-hidden="true" />}>
          Train
        </ButtonLink>
        <ButtonLink to="/fight" variant="secondary" icon={<Swords className="size-4" aria-hidden="true" />}>
          Battle
        </ButtonLink>
        {!bot.setupStage && (
          <ButtonLink
            {...customizeLink({ botIds: [bot.id], isReCustomization: bot.isCustomized })}
            variant="secondary"
            icon={<Palette className="size-4" aria-hidden="true" />}
          >
            Customize
          </ButtonLink>
        )}
      </div>
    </Panel>
  );
}
