// The four areas the landing page advertises (seed 000 §1).
import { Cpu, Crown, type LucideIcon, Swords, Zap } from "lucide-react";

export type Feature = {
  title: string;
  text: string;
  icon: LucideIcon;
  tone: "cyan" | "magenta" | "violet" | "amber";
};

export const features: Feature[] = [
  {
    title: "Battle",
    text: "Fight AI opponents and rival players in turn-based combat. Every hit, heal and ultimate plays out live.",
    icon: Swords,
    tone: "cyan",
  },
  {
    title: "Upgrade",
    text: "Train your bot, level up and unlock abilities. Pour stat points into strength, agility, defense and intelligence.",
    icon: Zap,
    tone: "magenta",
  },
  {
    title: "Customize",
    text: "Equip weapons and armor modules. Gear up for bonuses and devastating ultimate abilities.",
    icon: Cpu,
    tone: "violet",
  },
  {
    title: "Dominate",
    text: "Climb the leaderboard, conquer tournaments and lead your guild to glory.",
    icon: Crown,
    tone: "amber",
  },
];
