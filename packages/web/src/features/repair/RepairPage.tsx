// /repair: the active bot's durability, the price of a full repair (ceil((100 - durability%) x 5) coins)
// and the button; at full durability, 'Bot is in perfect condition!'. The rest of the fleet is listed below
// so a damaged reserve bot can be patched up too.
import type { Bot } from "@bot-arena/contract";
import { checkPurchase, messages, repairCost } from "@bot-arena/game";
import { BadgeCheck, Bot as BotIcon, Hammer, Wrench } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView } from "../../app/QueryView";
import { useMe } from "../../app/session";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { CoinBalance } from "../bank/CoinBalance";
import { formatCoins } from "../bank/coins";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";
import { useBots } from "../bots/useBots";
import { manageBotsPath } from "../customize-bots/paths";
import { DurabilityBar } from "./DurabilityBar";
import { useRepair } from "./useRepair";

type RepairButtonProps = {
  bot: Bot;
  busy: boolean;
  onRepair: () => void;
  size?: "sm" | "lg";
  /** The reserve rows have no cost label of their own, so their button carries it. */
  withCost?: boolean;
};

function RepairButton({ bot, busy, onRepair, size, withCost = false }: RepairButtonProps) {
  return (
    <Button
      size={size}
      busy={busy}
      onClick={onRepair}
      icon={<Hammer className="size-4" aria-hidden="true" />}
    >
      Repair Bot
      {withCost && (
        <span className="rounded-sm bg-void/30 px-1.5 py-0.5 tabular-nums">
          {formatCoins(repairCost(bot))}
        </span>
      )}
    </Button>
  );
}

export default function RepairPage() {
  const roster = useBots();
  return (
    <ScreenQueryView query={roster} loading="Warming up the welders" title="Failed to load your bot">
      {(bots) => <RepairShop bots={bots} />}
    </ScreenQueryView>
  );
}

function RepairShop({ bots }: { bots: Bot[] }) {
  const coins = useMe().data?.coins ?? 0;
  const repair = useRepair();
  const [repairing, setRepairing] = useState<string | null>(null);

  const active = bots.find((bot) => bot.isActive) ?? null;
  const damagedReserves = bots.filter((bot) => !bot.isActive && bot.durability < bot.maxDurability);

  const fix = async (bot: Bot) => {
    const affordable = checkPurchase(coins, repairCost(bot));
    if (!affordable.ok) {
      toast.error(affordable.message);
      return;
    }
    setRepairing(bot.id);
    try {
      toast.success((await repair.mutateAsync(bot.id)).message);
    } catch (error) {
      toast.error(errorMessage(error, "Repair failed"));
    } finally {
      setRepairing(null);
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Repair Shop"
        subtitle="Battles wear your bots down. A bot at 0 durability cannot fight."
        icon={<Wrench className="size-6" />}
        actions={<CoinBalance />}
      />

      {active ? (
        <Panel padded={false}>
          <div className="grid gap-6 p-5 sm:p-6 md:grid-cols-[auto_1fr] md:items-center">
            <BotImage bot={active} className="mx-auto size-48 md:size-56" />
            <div className="space-y-5">
              <div>
                <div className="flex flex-wrap items-center gap-2">
                  <RarityBadge rarity={active.rarity} />
                  <span className="font-display text-[0.65rem] font-bold uppercase tracking-[0.2em] text-muted">
                    Active bot · Lv. {active.level}
                  </span>
                </div>
                <h2 className="mt-2 font-display text-2xl font-black uppercase tracking-wider text-ink">
                  {active.name}
                </h2>
              </div>
              <DurabilityBar durability={active.durability} maxDurability={active.maxDurability} />
              {active.durability >= active.maxDurability ? (
                <p
                  className="flex items-center gap-2 rounded-lg border border-lime/40 bg-lime/10 px-4 py-3 font-display text-sm font-bold uppercase tracking-widest text-lime"
                  role="status"
                >
                  <BadgeCheck className="size-5" aria-hidden="true" />
                  {messages.perfectCondition}
                </p>
              ) : (
                <div className="flex flex-wrap items-center gap-4">
                  <div>
                    <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Repair cost</p>
                    <p
                      className="font-display text-2xl font-black tabular-nums text-amber"
                      data-testid="repair-cost"
                    >
                      {formatCoins(repairCost(active))}
                    </p>
                  </div>
                  <RepairButton
                    bot={active}
                    size="lg"
                    busy={repairing === active.id}
                    onRepair={() => void fix(active)}
                  />
                </div>
              )}
            </div>
          </div>
        </Panel>
      ) : (
        <Panel>
          <div className="flex flex-col items-center gap-4 py-10 text-center">
            <BotIcon className="size-12 text-amber" aria-hidden="true" />
            <h2 className="font-display text-xl font-bold uppercase tracking-widest text-ink">
              No Active Bot
            </h2>
            <p className="text-muted">
              Choose the bot you fight with, then bring it here when it takes a beating.
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <ButtonLink to="/dashboard">Choose active bot</ButtonLink>
              <ButtonLink to={manageBotsPath} variant="ghost">
                Manage bots
              </ButtonLink>
            </div>
          </div>
        </Panel>
      )}

      {damagedReserves.length > 0 && (
        <section aria-labelledby="reserves-heading" className="space-y-3">
          <h2
            id="reserves-heading"
            className="font-display text-lg font-bold uppercase tracking-[0.18em] text-cyan"
          >
            Damaged reserves
          </h2>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {damagedReserves.map((bot) => (
              <li
                key={bot.id}
                className="flex items-center gap-4 rounded-xl border border-cyan/15 bg-deep/70 p-3"
              >
                <BotImage bot={bot} quiet className="size-16 shrink-0" />
                <div className="min-w-0 flex-1 space-y-2">
                  <p className="break-words font-display text-sm font-bold uppercase tracking-wide text-ink">
                    {bot.name}
                  </p>
                  <DurabilityBar durability={bot.durability} maxDurability={bot.maxDurability} />
                </div>
                <RepairButton
                  bot={bot}
                  size="sm"
                  withCost
                  busy={repairing === bot.id}
                  onRepair={() => void fix(bot)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
