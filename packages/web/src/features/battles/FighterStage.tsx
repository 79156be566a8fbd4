// One side of the COMBAT ZONE: nameplate, health bar and the bot itself, which lunges when it acts, recoils
// when hit, wears the effect that landed on it and has the damage or repair numbers rising over it.
import type { BattleFighter, BattleSide } from "@bot-arena/contract";
import { Bot, Cpu } from "lucide-react";
import { AnimatePresence, motion, useAnimate } from "motion/react";
import { useEffect } from "react";
import { cn } from "../../ui/cn";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";
import { EffectBurst } from "./EffectBurst";
import { effectLook } from "./effectLook";
import { HealthBar } from "./HealthBar";
import type { Cue, Floater } from "./playback";

type FighterStageProps = {
  fighter: BattleFighter;
  side: BattleSide;
  hp: number;
  cue: Cue | null;
  floaters: Floater[];
  /** Lost the battle, once the result is in. */
  defeated: boolean;
  /** Lost it by reaching 0 HP (rather than on the round limit). */
  knockedOut: boolean;
  reduced: boolean;
};

export function FighterStage({
  fighter,
  side,
  hp,
  cue,
  floaters,
  defeated,
  knockedOut,
  reduced,
}: FighterStageProps) {
  const [scope, animate] = useAnimate<HTMLDivElement>();
  const towardsFoe = side === "attacker" ? 1 : -1;
  const acting = cue?.actor === side;
  const struck = cue !== null && cue.target === side && cue.damage > 0;
  const landsHere = cue !== null && (cue.effectType === "heal" ? acting : struck);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the motion plays once per cue, keyed by its id.
  useEffect(() => {
    if (reduced || !cue || !scope.current) return;
    if (acting && cue.effectType !== "heal") {
      void animate(scope.current, { x: [0, towardsFoe * 46, 0], scale: [1, 1.06, 1] }, { duration: 0.42 });
    } else if (acting) {
      void animate(scope.current, { y: [0, -12, 0] }, { duration: 0.5 });
    } else if (struck) {
      const kick = cue.effectType === "ultimate" ? 22 : 12;
      void animate(
        scope.current,
        {
          x: [0, -towardsFoe * kick, towardsFoe * kick * 0.6, -towardsFoe * kick * 0.3, 0],
          filter: ["brightness(1)", "brightness(2.2) saturate(0.4)", "brightness(1)"],
        },
        { duration: 0.45, delay: 0.16 },
      );
    }
  }, [cue?.id]);

  return (
    <div className={cn("flex min-w-0 flex-1 flex-col gap-3", side === "defender" && "items-end text-right")}>
      <div className={cn("flex w-full items-center gap-2", side === "defender" && "flex-row-reverse")}>
        <span
          className="grid size-9 shrink-0 place-items-center rounded-md border font-display text-sm font-black"
          style={{ borderColor: `${fighter.colorPrimary}99`, color: fighter.colorPrimary }}
          title={`Level ${fighter.level}`}
        >
          {fighter.level}
        </span>
        <div className="min-w-0">
          <p className="break-words font-display text-sm font-black uppercase tracking-wider text-ink sm:text-lg">
            {fighter.name}
          </p>
          <p
            className={cn(
              "flex items-center gap-1.5 text-xs text-muted sm:text-sm",
              side === "defender" && "justify-end",
            )}
          >
            {fighter.isAi ? (
              <>
                <Cpu className="size-3.5" aria-hidden="true" /> AI opponent
              </>
            ) : (
              <>
                <Bot className="size-3.5" aria-hidden="true" /> {fighter.ownerName}
              </>
            )}
            {fighter.rarity && (
              <span className="hidden sm:inline">
                <RarityBadge rarity={fighter.rarity} />
              </span>
            )}
          </p>
        </div>
      </div>
      <HealthBar
        hp={hp}
        maxHp={fighter.maxHp}
        name={fighter.name}
        mirrored={side === "defender"}
        instant={reduced}
      />

      <div className="relative mt-2 w-full max-w-[min(100%,44vh,22rem)] self-center">
        <Platform color={fighter.colorPrimary} glow={fighter.colorSecondary} />
        <motion.div
          style={{ filter: `drop-shadow(0 0 18px ${fighter.colorPrimary}55)` }}
          // An idle hover, so the arena never looks like a still; the scope inside carries the blows.
          animate={reduced || defeated ? { y: 0 } : { y: [0, -7, 0] }}
          transition={
            reduced || defeated
              ? { duration: 0.3 }
              : { duration: 2.6, repeat: Number.POSITIVE_INFINITY, ease: "easeInOut" }
          }
        >
          <div
            ref={scope}
            className={cn(
              "relative transition-[filter,opacity] duration-700",
              defeated && "opacity-60 grayscale",
            )}
          >
            <BotImage bot={fighter} quiet className="w-full" />
            {!reduced && (
              <AnimatePresence>
                {landsHere && cue && (
                  <motion.div key={cue.id} exit={{ opacity: 0 }} transition={{ duration: 0.2 }}>
                    <EffectBurst effectType={cue.effectType} />
                  </motion.div>
                )}
              </AnimatePresence>
            )}
            {defeated && knockedOut && (
              <motion.span
                className="absolute inset-0 grid place-items-center font-display text-4xl font-black tracking-widest text-danger sm:text-5xl"
                style={{ textShadow: "0 0 18px rgb(255 59 92 / 0.9)" }}
                initial={reduced ? false : { scale: 2.2, opacity: 0 }}
                animate={{ scale: 1, opacity: 1 }}
                transition={{ type: "spring", stiffness: 260, damping: 16 }}
              >
                K.O.
              </motion.span>
            )}
          </div>
        </motion.div>
        <FloatingNumbers
          // Without motion nothing fades, so only the current action's number stays up.
          floaters={reduced ? floaters.filter((floater) => floater.id === cue?.id) : floaters}
          side={side}
          reduced={reduced}
        />
      </div>
    </div>
  );
}

function FloatingNumbers({
  floaters,
  side,
  reduced,
}: {
  floaters: Floater[];
  side: BattleSide;
  reduced: boolean;
}) {
  return (
    <div className="pointer-events-none absolute inset-0 z-30" aria-hidden="true">
      <AnimatePresence>
        {floaters
          .filter((floater) => floater.side === side && floater.amount > 0)
          .map((floater, index) => {
            const look = effectLook[floater.effectType];
            const big = floater.effectType === "ultimate";
            return (
              <motion.span
                key={floater.id}
                data-floater={floater.effectType === "heal" ? "heal" : "damage"}
                className={cn(
                  "absolute top-[28%] left-1/2 font-display font-black tabular-nums",
                  big ? "text-5xl sm:text-7xl" : "text-4xl sm:text-5xl",
                )}
                style={{
                  color: look.color,
                  textShadow: `0 0 12px ${look.glow}, 0 2px 0 #000, 0 0 2px #000`,
                  x: `calc(-50% + ${(index % 2 === 0 ? -1 : 1) * 14}px)`,
                }}
                initial={reduced ? { opacity: 1 } : { opacity: 0, y: 10, scale: 0.5 }}
                animate={
                  reduced
                    ? { opacity: 1 }
                    : {
                        opacity: [0, 1, 1, 0],
                        y: [10, -34, -72, -92],
                        scale: [0.5, big ? 1.5 : 1.3, 1, 0.95],
                      }
                }
                exit={{ opacity: 0 }}
                transition={
                  reduced
                    ? { duration: 0 }
                    : { duration: 1.4, delay: 0.15, ease: "easeOut", times: [0, 0.12, 0.72, 1] }
                }
              >
                {floater.effectType === "heal" ? "+" : "-"}
                {floater.amount}
              </motion.span>
            );
          })}
      </AnimatePresence>
    </div>
  );
}

/** The neon ring the bot hovers over, in its own colours. */
function Platform({ color, glow }: { color: string; glow: string }) {
  return (
    <div className="pointer-events-none absolute inset-x-[6%] -bottom-5 h-10" aria-hidden="true">
      <div
        className="absolute inset-0 rounded-[50%] border-2"
        style={{ borderColor: `${color}cc`, boxShadow: `0 0 22px ${color}88, inset 0 0 18px ${glow}88` }}
      />
      <div className="absolute inset-[18%] rounded-[50%] blur-md" style={{ background: `${color}66` }} />
    </div>
  );
}
