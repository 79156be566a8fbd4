// The AI opponent the server rolled and keeps for the next AI battle: its look, level and stats.
import type { AiOpponent } from "@bot-arena/contract";
import { Cpu, Heart } from "lucide-react";
import { motion, useReducedMotion } from "motion/react";
import { BotImage } from "../bots/BotImage";
import { BotStatGrid } from "../bots/BotStatGrid";

export function OpponentCard({ opponent }: { opponent: AiOpponent }) {
  const reduced = useReducedMotion() ?? false;
  return (
    <motion.div
      // A new roll replaces the card, so each opponent arrives with its own entrance.
      key={`${opponent.name}-${opponent.level}-${opponent.stats.strength}-${opponent.stats.defense}`}
      initial={reduced ? false : { opacity: 0, x: 24 }}
      animate={{ opacity: 1, x: 0 }}
      transition={{ type: "spring", stiffness: 260, damping: 24 }}
      role="group"
      className="flex flex-col gap-4 rounded-lg border border-magenta/30 bg-magenta/5 p-4 sm:flex-row sm:items-center"
      aria-label={`Opponent ${opponent.name}, level ${opponent.level}`}
    >
      <BotImage bot={opponent} quiet className="w-32 shrink-0 self-center sm:w-36" />
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <p className="flex items-center gap-1.5 font-display text-xs font-bold uppercase tracking-[0.2em] text-magenta">
            <Cpu className="size-3.5" aria-hidden="true" />
            AI opponent
          </p>
          <h3 className="wrap-anywhere font-display text-xl font-black uppercase text-ink">
            {opponent.name}
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted">
            <span className="font-display font-bold text-ink">Lv.{opponent.level}</span>
            <span>{opponent.model}</span>
            <span className="capitalize">{opponent.botClass}</span>
            <span className="inline-flex items-center gap-1">
              <Heart className="size-3.5 text-danger" aria-hidden="true" />
              {opponent.maxHp} HP
            </span>
          </p>
        </div>
        <BotStatGrid stats={opponent.stats} compact className="sm:grid-cols-4" />
      </div>
    </motion.div>
  );
}
