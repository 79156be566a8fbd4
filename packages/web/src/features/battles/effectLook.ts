// How each effect type looks wherever a battle is shown: its colour, glow and icon in the COMBAT ZONE, in
// floating numbers and in the text log.
import type { EffectType } from "@bot-arena/contract";
import { Flame, HeartPulse, type LucideIcon, Snowflake, Sparkles, Swords, Zap } from "lucide-react";

export type EffectLook = {
  label: string;
  /** Main colour: numbers, bursts, log icons. */
  color: string;
  /** A second colour for gradients and glows. */
  glow: string;
  Icon: LucideIcon;
};

export const effectLook: Record<EffectType, EffectLook> = {
  physical: { label: "Strike", color: "#e6f1ff", glow: "#22e5ff", Icon: Swords },
  fire: { label: "Fire", color: "#ff8a1f", glow: "#ff2e2e", Icon: Flame },
  ice: { label: "Ice", color: "#8ff3ff", glow: "#3b82f6", Icon: Snowflake },
  lightning: { label: "Lightning", color: "#ffe83b", glow: "#a78bfa", Icon: Zap },
  heal: { label: "Repair", color: "#a3ff12", glow: "#22c55e", Icon: HeartPulse },
  ultimate: { label: "Ultimate", color: "#ff2bd6", glow: "#ffb020", Icon: Sparkles },
};
