// 'List Your Bot': a bot that is ready, not active and not listed yet, a whole-number price, and what bots of
// its rarity and level band sold for lately.
import type { Bot } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { Tag, TrendingUp } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { Button } from "../../ui/Button";
import { Input } from "../../ui/Input";
import { Panel } from "../../ui/Panel";
import { coinsFromInput, formatCoins } from "../bank/coins";
import { useCreateListing, usePriceGuide } from "./useMarketplace";

/** Bots the form offers: set up, not the active one, not on the market already. */
export const listableBots = (bots: readonly Bot[]): Bot[] =>
  bots.filter((bot) => !bot.isActive && !bot.isListed && bot.setupStage === null);

function PriceGuideHint({ bot }: { bot: Bot | null }) {
  const guide = usePriceGuide(bot);
  if (!bot) return <p className="text-sm text-muted">Pick a bot to see what similar bots sold for.</p>;
  if (!guide.data) return <p className="text-sm text-muted">Checking recent sales…</p>;
  const { median, sales, minLevel, maxLevel, days, rarity } = guide.data;
  return (
    <p className="flex items-start gap-2 text-sm text-muted" data-testid="price-guide">
      <TrendingUp className="mt-0.5 size-4 shrink-0 text-cyan" aria-hidden="true" />
      {median === null ? (
        <span>
          No {rarity} bots of levels {minLevel}–{maxLevel} sold in the last {days} days. Set the market price!
        </span>
      ) : (
        <span>
          Recent median for {rarity} bots, levels {minLevel}–{maxLevel}:{" "}
          <strong className="font-display text-amber">{formatCoins(median)}</strong> coins ({sales}{" "}
          {sales === 1 ? "sale" : "sales"}, last {days} days)
        </span>
      )}
    </p>
  );
}

export function ListBotForm({ bots }: { bots: readonly Bot[] }) {
  const [botId, setBotId] = useState("");
  const [priceText, setPriceText] = useState("");
  const create = useCreateListing();
  const selectId = useId();
  const priceId = useId();
  const candidates = listableBots(bots);
  const chosen = candidates.find((bot) => bot.id === botId) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const price = coinsFromInput(priceText);
    if (!chosen || price === null) {
      toast.error(messages.invalidListing);
      return;
    }
    try {
      toast.success((await create.mutateAsync({ botId: chosen.id, price })).message);
      setBotId("");
      setPriceText("");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to list bot"));
    }
  };

  return (
    <Panel tone="magenta">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <h2 className="flex items-center gap-2 font-display text-base font-bold uppercase tracking-widest text-ink">
          <Tag className="size-5 text-magenta" aria-hidden="true" />
          List Your Bot
        </h2>
        <div className="grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-end">
          <div className="space-y-1.5">
            <label
              htmlFor={selectId}
              className="block text-sm font-semibold uppercase tracking-[0.14em] text-muted"
            >
              Bot
            </label>
            <select
              id={selectId}
              value={botId}
              onChange={(event) => setBotId(event.target.value)}
              className="h-12 w-full cursor-pointer rounded-md border border-cyan/25 bg-void/70 px-3 text-base font-medium text-ink transition hover:border-cyan/50 focus:border-cyan focus:outline-none"
            >
              <option value="">
                {candidates.length === 0 ? "No bots available to list" : "Select a bot"}
              </option>
              {candidates.map((bot) => (
                <option key={bot.id} value={bot.id}>
                  {bot.name} · {bot.rarity} · Lv. {bot.level}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label
              htmlFor={priceId}
              className="block text-sm font-semibold uppercase tracking-[0.14em] text-muted"
            >
              Price (coins)
            </label>
            <Input
              id={priceId}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="e.g. 750"
              value={priceText}
              onChange={(event) => setPriceText(event.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" busy={create.isPending}>
            List Bot
          </Button>
        </div>
        <PriceGuideHint bot={chosen} />
        <p className="text-xs text-muted">
          Your active bot cannot be listed. A listed bot is locked until it sells or you unlist it.
        </p>
      </form>
    </Panel>
  );
}
