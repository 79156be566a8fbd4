// Small labels: rarity, status, "Ad", "You".
import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone =
  | "cyan"
  | "magenta"
  | "neutral"
  | "success"
  | "danger"
  | "common"
  | "uncommon"
  | "rare"
  | "epic"
  | "legendary"
  | "diamond";

const tones: Record<BadgeTone, string> = {
  cyan: "border-cyan/50 bg-cyan/10 text-cyan",
  magenta: "border-magenta/50 bg-magenta/10 text-magenta",
  neutral: "border-muted/40 bg-muted/10 text-muted",
  success: "border-lime/50 bg-lime/10 text-lime",
  danger: "border-danger/60 bg-danger/10 text-danger",
  common: "border-slate-400/50 bg-slate-400/10 text-slate-300",
  uncommon: "border-emerald-400/60 bg-emerald-400/10 text-emerald-300",
  rare: "border-sky-400/60 bg-sky-400/10 text-sky-300",
  epic: "border-violet/70 bg-violet/15 text-violet-300",
  legendary: "border-amber/70 bg-amber/15 text-amber shadow-[0_0_12px_rgb(255_176_32/0.35)]",
  diamond: "border-cyan/80 bg-linear-to-r from-cyan/20 to-magenta/20 text-white shadow-neon-cyan",
};

export function Badge({
  tone = "cyan",
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-sm border px-1.5 py-0.5 font-display text-[0.625rem] font-bold uppercase leading-none tracking-[0.16em]",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
