// One bot in the roster: picture, name, level and rarity, and its three paid actions.
import type { Bot } from "@bot-arena/contract";
import { RECYCLE_REFUND, REFRESH_COST, RENAME_COST } from "@bot-arena/game";
import { Pencil, Recycle, RefreshCw, Star, Store } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { cn } from "../../ui/cn";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";

type RosterCardProps = {
  bot: Bot;
  selected: boolean;
  onSelect: () => void;
  onRename: () => void;
  onRefresh: () => void;
  onRecycle: () => void;
};

function CardAction(props: {
  label: string;
  cost: string;
  icon: typeof Pencil;
  disabled: boolean;
  onClick: () => void;
  tone: string;
}) {
  const Icon = props.icon;
  return (
    <button
      type="button"
      disabled={props.disabled}
      onClick={props.onClick}
      title={props.label}
      aria-label={props.label}
      className={cn(
        "flex flex-1 cursor-pointer flex-col items-center gap-0.5 rounded-md border border-cyan/15 bg-void/60 py-1.5 text-[0.65rem] font-bold uppercase tracking-wider transition",
        "hover:border-current hover:bg-current/10 disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:border-cyan/15",
        props.tone,
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      <span className="font-display">{props.cost}</span>
    </button>
  );
}

export function RosterCard({ bot, selected, onSelect, onRename, onRefresh, onRecycle }: RosterCardProps) {
  return (
    <article
      aria-label={bot.name}
      data-testid="roster-card"
      className={cn(
        "group relative flex flex-col gap-2 rounded-xl border bg-deep/60 p-2.5 transition",
        selected
          ? "border-cyan shadow-[0_0_0_1px_rgb(34_229_255/0.6),0_0_24px_rgb(34_229_255/0.25)]"
          : "border-cyan/15 hover:-translate-y-0.5 hover:border-cyan/50",
      )}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={`Select ${bot.name}`}
        className="cursor-pointer text-left"
      >
        <div className="relative">
          <BotImage bot={bot} className="w-full" />
          <RarityBadge rarity={bot.rarity} className="absolute top-1.5 right-1.5 bg-void/85" />
        </div>
        <div className="mt-2 min-w-0 px-0.5">
          <h3 className="truncate font-display text-sm font-bold text-ink" title={bot.name}>
            {bot.name}
          </h3>
          <p className="text-sm text-muted">
            Lv. {bot.level} · <span className="capitalize">{bot.botClass}</span>
          </p>
          {(bot.isActive || bot.isListed || bot.setupStage) && (
            <div className="mt-1.5 flex flex-wrap gap-1">
              {bot.isActive && (
                <Badge tone="success">
                  <Star className="size-3 fill-current" aria-hidden="true" /> Active
                </Badge>
              )}
              {bot.isListed && (
                <Badge tone="legendary">
                  <Store className="size-3" aria-hidden="true" /> Listed
                </Badge>
              )}
              {bot.setupStage && <Badge tone="magenta">Setup pending</Badge>}
            </div>
          )}
        </div>
      </button>
      <div className="mt-auto flex gap-1.5">
        <CardAction
          label={`Rename ${bot.name} (${RENAME_COST} coins)`}
          cost={`${RENAME_COST}`}
          icon={Pencil}
          disabled={bot.isListed}
          onClick={onRename}
          tone="text-cyan"
        />
        <CardAction
          label={`Refresh ${bot.name} (${REFRESH_COST} coins)`}
          cost={`${REFRESH_COST}`}
          icon={RefreshCw}
          disabled={bot.isListed}
          onClick={onRefresh}
          tone="text-magenta"
        />
        <CardAction
          label={`Recycle ${bot.name} (+${RECYCLE_REFUND} coins)`}
          cost={`+${RECYCLE_REFUND}`}
          icon={Recycle}
          disabled={bot.isListed}
          onClick={onRecycle}
          tone="text-lime"
        />
      </div>
    </article>
  );
}
