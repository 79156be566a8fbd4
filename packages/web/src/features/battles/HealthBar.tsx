// A fighting-game health bar: the fill drops at once, a pale trail follows it down so the size of a hit
// stays readable, and the colour turns from green to amber to red as the bot weakens.
import { motion } from "motion/react";
import { cn } from "../../ui/cn";

type HealthBarProps = {
  hp: number;
  maxHp: number;
  name: string;
  /** The defender's bar drains towards the centre of the arena, mirroring the attacker's. */
  mirrored?: boolean;
  instant?: boolean;
};

function fillFor(share: number): string {
  if (share > 0.5) return "linear-gradient(90deg, #22c55e, #a3ff12)";
  if (share > 0.25) return "linear-gradient(90deg, #ff8c00, #ffb020)";
  return "linear-gradient(90deg, #be123c, #ff3b5c)";
}

export function HealthBar({ hp, maxHp, name, mirrored = false, instant = false }: HealthBarProps) {
  const share = maxHp > 0 ? Math.min(1, Math.max(0, hp / maxHp)) : 0;
  const width = `${share * 100}%`;
  const origin = mirrored ? "right-0" : "left-0";
  return (
    <div className="w-full">
      {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot draw the trailing damage bar. */}
      <div
        role="meter"
        aria-label={`${name} health`}
        aria-valuemin={0}
        aria-valuemax={maxHp}
        aria-valuenow={hp}
        aria-valuetext={`${hp} / ${maxHp} HP`}
        className="relative h-4 overflow-hidden rounded-sm border border-white/15 bg-void/80 shadow-[inset_0_0_8px_rgb(0_0_0/0.8)] sm:h-5"
      >
        <motion.div
          className={cn("absolute inset-y-0 bg-white/70", origin)}
          initial={false}
          animate={{ width }}
          transition={instant ? { duration: 0 } : { duration: 0.6, delay: 0.45, ease: "easeOut" }}
        />
        <motion.div
          className={cn("absolute inset-y-0", origin)}
          style={{ backgroundImage: fillFor(share), boxShadow: "0 0 12px rgb(163 255 18 / 0.35)" }}
          initial={false}
          animate={{ width }}
          transition={instant ? { duration: 0 } : { duration: 0.18, ease: "easeOut" }}
        />
        <div className="absolute inset-0 bg-[repeating-linear-gradient(90deg,transparent_0_9px,rgb(0_0_0/0.35)_9px_10px)]" />
      </div>
      <p
        className={cn(
          "mt-1 font-display text-xs font-bold tabular-nums tracking-wider text-ink/90",
          mirrored && "text-right",
        )}
      >
        {hp} / {maxHp} HP
      </p>
    </div>
  );
}
