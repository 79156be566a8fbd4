// The dashboard's card for a new pilot: the next useful step and a button straight to it.
import type { Bot } from "@bot-arena/contract";
import { ArrowRight, Dumbbell, type LucideIcon, ShoppingCart, Sparkles, Swords, Wrench } from "lucide-react";
import { useMe } from "../../app/session";
import { ButtonLink } from "../../ui/ButtonLink";
import { Panel } from "../../ui/Panel";
import { useInventory } from "../inventory/useInventory";
import { useShop } from "../shop/useShop";
import { NEW_PILOT_BATTLES, type NextStepKind, nextStep } from "./nextStep";

const icons: Record<NextStepKind, LucideIcon> = {
  train: Dumbbell,
  equip: Wrench,
  shop: ShoppingCart,
  summon: Sparkles,
  fight: Swords,
};

export function NextStepCard({ bots }: { bots: readonly Bot[] }) {
  const battles = bots.reduce((sum, bot) => sum + bot.wins + bot.losses, 0);
  const newPilot = battles < NEW_PILOT_BATTLES;
  const coins = useMe().data?.coins ?? 0;
  // Only a new pilot's dashboard asks for the shop and the inventory.
  const shop = useShop(newPilot);
  const inventory = useInventory(newPilot);
  const weapons = shop.data?.equipment.filter((item) => item.type === "weapon") ?? [];
  const step = nextStep({
    battles,
    activeBot: bots.find((bot) => bot.isActive) ?? null,
    coins,
    botCount: bots.length,
    hasSpareWeapon: (inventory.data ?? []).some(
      (entry) => entry.equipment.type === "weapon" && !entry.isEquipped,
    ),
    cheapestWeaponPrice: weapons.length > 0 ? Math.min(...weapons.map((item) => item.price)) : null,
  });
  if (step === null || inventory.isPending || shop.isPending) return null;
  const Icon = icons[step.kind];
  return (
    <Panel tone="magenta" role="region" aria-label="Next step" data-testid="next-step" data-step={step.kind}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <span className="grid size-12 shrink-0 place-items-center rounded-lg border border-magenta/40 bg-magenta/10 text-magenta">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-display text-xs font-bold uppercase tracking-[0.2em] text-magenta">Next step</p>
          <h2 className="font-display text-lg font-black uppercase text-ink">{step.title}</h2>
          <p className="text-sm text-muted">{step.text}</p>
        </div>
        <ButtonLink
          to={step.to}
          icon={<ArrowRight className="size-4" aria-hidden="true" />}
          className="sm:shrink-0"
        >
          {step.action}
        </ButtonLink>
      </div>
    </Panel>
  );
}
