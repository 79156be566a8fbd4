// What a battle earned, under the verdict in the COMBAT ZONE: XP, a level up, coins won or paid, energy left.
import type { BattleOutcome } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { ArrowUpCircle, Coins, Sparkles, Zap } from "lucide-react";
import type { ReactNode } from "react";

function Chip({ icon, children, className }: { icon: ReactNode; children: ReactNode; className: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-md border px-3 py-1.5 font-display text-sm font-bold ${className}`}
    >
      {icon}
      {children}
    </span>
  );
}

export function OutcomeSummary({ outcome }: { outcome: BattleOutcome }) {
  return (
    <div className="flex flex-col items-center gap-2">
      <div className="flex flex-wrap justify-center gap-2">
        <Chip
          icon={<Sparkles className="size-4" aria-hidden="true" />}
          className="border-cyan/50 bg-cyan/10 text-cyan"
        >
          +{outcome.xpGained} XP
        </Chip>
        {outcome.coinsDelta !== 0 && (
          <Chip
            icon={<Coins className="size-4" aria-hidden="true" />}
            className={
              outcome.coinsDelta > 0
                ? "border-amber/50 bg-amber/10 text-amber"
                : "border-danger/50 bg-danger/10 text-danger"
            }
          >
            {outcome.coinsDelta > 0 ? "+" : ""}
            {outcome.coinsDelta} coins
          </Chip>
        )}
        <Chip
          icon={<Zap className="size-4" aria-hidden="true" />}
          className="border-steel bg-void/60 text-ink"
        >
          {outcome.bot.energy} / {outcome.bot.maxEnergy}
        </Chip>
      </div>
      {outcome.leveledUp && (
        <p className="inline-flex items-center gap-2 font-display text-base font-black uppercase tracking-wider text-lime">
          <ArrowUpCircle className="size-5" aria-hidden="true" />
          {messages.levelUp(outcome.newLevel, outcome.pointsGained)}
        </p>
      )}
    </div>
  );
}
