// One bot in the roster: picture, name, level and rarity, and its three paid actions.
import type { Bot } from "@bot-arena/contract";
import { RECYCLE_REFUND, REFRESH_COST, RENAME_COST } from "@bot-arena/game";
import { Coins, Pencil, Recycle, RefreshCw, Star, Store } from "lucide-react";
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

/** A labelled action with its price beside the coin mark: a phone shows no hover tooltip to explain bare numbers. */
function CardAction(props: {
  /** The hover text; the accessible name is the visible 'Rename 5' followed by ' coins, <bot>'. */
  label: string;
  botName: string;
  verb: string;
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
      className={cn(
        "flex h-8 w-full cursor-pointer items-center gap-1.5 rounded-md border bg-void/60 px-2 text-[0.68rem] font-bold uppercase tracking-wider transition",
        "hover:border-current hover:bg-current/10 disabled:cursor-not-allowed disabled:opacity-35",
        props.tone,
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="font-display">{props.verb}</span>{" "}
      <span className="ml-auto flex items-center gap-0.5 font-display tabular-nums text-amber">
        {props.cost}
        <Coins className="size-3" aria-hidden="true" />
      </span>
      <span className="sr-only"> coins, {props.botName}</span>
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
      {/* The whole card selects the bot: a button under the picture and texts (they let clicks through), so
          its name is just 'Select <bot>' and the paid actions above it stay buttons of their own. */}
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className="absolute inset-0 cursor-pointer rounded-xl focus-visible:outline-2 focus-visible:outline-cyan"
      >
        <span className="sr-only">Select {bot.name}</span>
      </button>
      <div className="pointer-events-none">
        <div className="relative">
          <BotImage bot={bot} className="w-full" />
          <RarityBadge rarity={bot.rarity} className="absolute top-1.5 right-1.5 bg-void/85" />
        </div>
        <div className="mt-2 min-w-0 px-0.5">
          <h3 className="break-words font-display text-sm font-bold text-ink">{bot.name}</h3>
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
              {bot.setupStage && (
                <Badge tone="magenta">{bot.setupStage === "name" ? "Unnamed" : "Points to place"}</Badge>
              )}
            </div>
          )}
        </div>
      </div>
      <div className="relative mt-auto space-y-1.5" data-testid="roster-actions">
        <CardAction
          label={`Rename ${bot.name} (${RENAME_COST} coins)`}
          botName={bot.name}
          verb="Rename"
          cost={`${RENAME_COST}`}
          icon={Pencil}
          disabled={bot.isListed}
          onClick={onRename}
          tone="border-cyan/20 text-cyan"
        />
        <CardAction
          label={`Refresh ${bot.name} (${REFRESH_COST} coins)`}
          botName={bot.name}
          verb="Refresh"
          cost={`${REFRESH_COST}`}
          icon={RefreshCw}
          disabled={bot.isListed}
          onClick={onRefresh}
          tone="border-magenta/20 text-magenta"
        />
        {/* Recycle destroys the bot: set apart below a rule, in the danger colour. */}
        <div className="border-t border-danger/25 pt-1.5">
          <CardAction
            label={`Recycle ${bot.name} (+${RECYCLE_REFUND} coins)`}
            botName={bot.name}
            verb="Recycle"
            cost={`+${RECYCLE_REFUND}`}
            icon={Recycle}
            disabled={bot.isListed}
            onClick={onRecycle}
            tone="border-danger/35 text-danger"
          />
        </div>
      </div>
    </article>
  );
}
