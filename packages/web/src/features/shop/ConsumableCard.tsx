// A consumable from the shop: used at once on the active bot when bought.
import type { ConsumableItem } from "@bot-arena/contract";
import { BatteryCharging, Package, Wrench } from "lucide-react";
import { Button } from "../../ui/Button";
import { formatCoins } from "../bank/coins";

const looks: Record<string, { icon: typeof Package; tint: string; effect: string }> = {
  energy_restore: {
    icon: BatteryCharging,
    tint: "border-amber/50 bg-amber/10 text-amber shadow-[0_0_24px_rgb(255_176_32/0.3)]",
    effect: "Energy to full",
  },
  durability_restore: {
    icon: Wrench,
    tint: "border-lime/50 bg-lime/10 text-lime shadow-[0_0_24px_rgb(163_255_18/0.25)]",
    effect: "Durability to full",
  },
};

type ConsumableCardProps = { item: ConsumableItem; busy: boolean; onBuy: () => void };

export function ConsumableCard({ item, busy, onBuy }: ConsumableCardProps) {
  const look = looks[item.type] ?? { icon: Package, tint: "border-cyan/40 bg-cyan/10 text-cyan", effect: "" };
  const Icon = look.icon;
  return (
    <article
      aria-label={item.name}
      className="flex flex-col gap-4 rounded-xl border border-cyan/15 bg-deep/70 p-4 backdrop-blur-sm sm:flex-row sm:items-center"
    >
      <span className={`grid size-16 shrink-0 place-items-center rounded-2xl border ${look.tint}`}>
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-display text-base font-bold uppercase tracking-wide text-ink">{item.name}</h3>
        <p className="text-sm leading-snug text-muted">{item.description}</p>
        {look.effect && (
          <p className="mt-1 text-xs font-semibold uppercase tracking-widest text-cyan/80">{look.effect}</p>
        )}
      </div>
      <Button onClick={onBuy} busy={busy} className="shrink-0">
        Buy for {formatCoins(item.price)}
      </Button>
    </article>
  );
}
