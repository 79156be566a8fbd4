// One piece of equipment as a card: rarity, type, stat bonuses and its ultimate ability. The shop puts a
// 'Buy for <price>' button under it, the inventory the Equip toggle.
import type { EquipmentItem } from "@bot-arena/contract";
import type { StatName } from "@bot-arena/game";
import {
  ArrowUpRight,
  Axe,
  Crosshair,
  Hammer,
  HeartPulse,
  type LucideIcon,
  Shield,
  Sparkles,
  Sword,
  WandSparkles,
  Zap,
} from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../ui/cn";
import { statLook, statOrder } from "../bots/BotStatGrid";
import { RarityBadge } from "../bots/RarityBadge";

const ultimateLook = {
  damage: { icon: Crosshair, label: "Damage", color: "text-danger" },
  special: { icon: Zap, label: "Special", color: "text-cyan" },
  heal: { icon: HeartPulse, label: "Heal", color: "text-lime" },
} as const;

const weaponIcons: Record<string, LucideIcon> = {
  blade: Sword,
  axe: Axe,
  spear: ArrowUpRight,
  hammer: Hammer,
  staff: WandSparkles,
  cannon: Crosshair,
  shield: Shield,
};

const rarityTile: Record<string, string> = {
  common: "border-slate-400/40 text-slate-200",
  uncommon: "border-emerald-400/50 text-emerald-300 shadow-[0_0_18px_rgb(52_211_153/0.25)]",
  rare: "border-sky-400/50 text-sky-300 shadow-[0_0_18px_rgb(56_189_248/0.25)]",
  epic: "border-violet/60 text-violet-300 shadow-[0_0_18px_rgb(139_92_246/0.35)]",
  legendary: "border-amber/60 text-amber shadow-[0_0_20px_rgb(255_176_32/0.4)]",
  diamond: "border-cyan/70 text-white shadow-neon-cyan",
};

const rarityGlow: Record<string, string> = {
  common: "from-slate-400/20",
  uncommon: "from-emerald-400/25",
  rare: "from-sky-400/25",
  epic: "from-violet/30",
  legendary: "from-amber/30",
  diamond: "from-cyan/35",
};

const bonusOf = (item: EquipmentItem, stat: StatName): number =>
  ({
    strength: item.strengthBonus,
    agility: item.agilityBonus,
    defense: item.defenseBonus,
    intelligence: item.intelligenceBonus,
  })[stat];

type EquipmentCardProps = {
  item: EquipmentItem;
  /** A badge row above the name, e.g. 'Equipped'. */
  badges?: ReactNode;
  footer: ReactNode;
  highlighted?: boolean;
};

export function EquipmentCard({ item, badges, footer, highlighted = false }: EquipmentCardProps) {
  const ultimate = ultimateLook[item.ultimateAbilityType];
  const UltimateIcon = ultimate.icon;
  const bonuses = statOrder.filter((stat) => bonusOf(item, stat) !== 0);
  const WeaponIcon = weaponIcons[item.weaponKind] ?? Sword;
  return (
    <article
      aria-label={item.name}
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-xl border bg-deep/70 backdrop-blur-sm transition",
        highlighted
          ? "border-lime/70 shadow-[0_0_28px_rgb(163_255_18/0.25)]"
          : "border-cyan/15 hover:-translate-y-0.5 hover:border-cyan/50 hover:shadow-neon-cyan",
      )}
    >
      <div
        aria-hidden="true"
        className={cn("absolute inset-x-0 top-0 h-28 bg-linear-to-b to-transparent", rarityGlow[item.rarity])}
      />
      <div className="relative flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1 space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <RarityBadge rarity={item.rarity} />
              <span className="rounded-sm border border-muted/30 px-1.5 py-0.5 font-display text-[0.6rem] font-bold uppercase tracking-[0.16em] text-muted">
                {item.type}
              </span>
              {badges}
            </div>
            <h3 className="font-display text-base font-bold uppercase leading-tight tracking-wide text-ink">
              {item.name}
            </h3>
          </div>
          <span
            aria-hidden="true"
            className={cn(
              "grid size-14 shrink-0 place-items-center rounded-xl border bg-void/70 transition group-hover:scale-105",
              rarityTile[item.rarity],
            )}
          >
            <WeaponIcon className="size-7" strokeWidth={1.75} />
          </span>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label="Stat bonuses">
          {bonuses.map((stat) => {
            const { label, icon: Icon, color } = statLook[stat];
            return (
              <li
                key={stat}
                className="inline-flex items-center gap-1 rounded-md border border-cyan/15 bg-void/60 px-2 py-1 text-sm"
              >
                <Icon className={cn("size-3.5", color)} aria-hidden="true" />
                <span className="font-display text-xs font-bold text-ink">+{bonusOf(item, stat)}</span>
                <span className="text-xs text-muted">{label}</span>
              </li>
            );
          })}
        </ul>
        <div className="rounded-lg border border-magenta/25 bg-magenta/5 p-3">
          <div className="flex items-center justify-between gap-2">
            <p className="flex items-center gap-1.5 font-display text-xs font-bold uppercase tracking-wider text-magenta">
              <Sparkles className="size-3.5" aria-hidden="true" />
              {item.ultimateAbilityName}
            </p>
            <span className={cn("inline-flex items-center gap-1 text-xs font-semibold", ultimate.color)}>
              <UltimateIcon className="size-3.5" aria-hidden="true" />
              {ultimate.label}
            </span>
          </div>
          <p className="mt-1.5 text-sm leading-snug text-muted">{item.ultimateAbilityDescription}</p>
          <p className="mt-2 text-xs font-semibold uppercase tracking-widest text-ink/80">
            Trigger chance{" "}
            <span className="font-display text-magenta">{Math.round(item.ultimateTriggerChance * 100)}%</span>
          </p>
        </div>
        <div className="mt-auto pt-1">{footer}</div>
      </div>
    </article>
  );
}
