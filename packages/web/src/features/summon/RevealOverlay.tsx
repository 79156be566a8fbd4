// The 2.5-second reveal: a charging portal, then the bot bursts out in its rarity's colour (with confetti for
// a legendary or diamond). The naming dialog follows it. Under prefers-reduced-motion nothing spins, charges or
// bursts: the bot stands still in its rarity's glow for a second, long enough to see what came out.
import type { Bot } from "@bot-arena/contract";
import { RARITY_BADGE_COLORS, type Rarity, SUMMON_REVEAL_MS } from "@bot-arena/game";
import confetti from "canvas-confetti";
import { motion, useReducedMotion } from "motion/react";
import { useEffect, useEffectEvent, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "../../ui/Button";
import { BotImage } from "../bots/BotImage";
import { RarityBadge } from "../bots/RarityBadge";

const CHARGE_S = 1.4;
/** The still reveal, under prefers-reduced-motion. */
const STILL_REVEAL_MS = 1_000;

export const isJackpot = (rarity: string) => rarity === "legendary" || rarity === "diamond";

export function celebrate(rarity: string) {
  if (!isJackpot(rarity) || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const colors = rarity === "diamond" ? ["#67e8f9", "#ff2bd6", "#ffffff"] : ["#ffb020", "#ffd23f", "#ff8c00"];
  void confetti({ particleCount: 140, spread: 90, origin: { y: 0.55 }, colors, zIndex: 70 });
}

export function RevealOverlay({
  bot,
  onDone,
  revealsLeft = 1,
  onRevealAll,
}: {
  bot: Bot | null;
  onDone: () => void;
  /** Reveals still to come with this one: past one, 'Reveal all' skips to the overview of every bot. */
  revealsLeft?: number;
  onRevealAll?: () => void;
}) {
  const glow = bot ? (RARITY_BADGE_COLORS[bot.rarity as Rarity] ?? "#22e5ff") : "#22e5ff";
  const reduced = useReducedMotion() ?? false;
  const chargeMs = reduced ? 0 : CHARGE_S * 1000;
  const holdMs = reduced ? STILL_REVEAL_MS : SUMMON_REVEAL_MS - CHARGE_S * 1000;

  // "burst" once the bot comes out of the portal: a marker a browser test can wait for instead of a clock.
  // One clock, started when the bot is known and chained through the burst: a late roster answer or a busy
  // main thread can only delay the reveal, never end it before the player has seen the bot come out.
  const [phase, setPhase] = useState<"charging" | "burst">("charging");
  const botId = bot?.id;
  const rarity = bot?.rarity;
  useEffect(() => {
    if (!botId || !rarity || phase !== "charging") return;
    const timer = window.setTimeout(() => {
      setPhase("burst");
      celebrate(rarity);
    }, chargeMs);
    return () => window.clearTimeout(timer);
  }, [botId, rarity, phase, chargeMs]);

  const finish = useEffectEvent(onDone);
  useEffect(() => {
    if (phase !== "burst") return;
    const timer = window.setTimeout(() => finish(), holdMs);
    return () => window.clearTimeout(timer);
  }, [phase, holdMs]);

  return createPortal(
    <div
      role="status"
      aria-live="polite"
      aria-label="Summoning"
      data-reveal={phase}
      className="fixed inset-0 z-[60] grid place-items-center overflow-hidden bg-void/95 backdrop-blur"
    >
      {reduced ? (
        <div
          aria-hidden="true"
          className="absolute size-96 rounded-full opacity-60"
          style={{ background: `radial-gradient(circle, ${glow}, transparent 65%)` }}
        />
      ) : (
        <>
          <motion.div
            aria-hidden="true"
            className="absolute size-[36rem] rounded-full border-2 border-dashed border-cyan/40"
            animate={{ rotate: 360, scale: [0.6, 1.1, 0.2] }}
            transition={{
              rotate: { duration: 6, repeat: Infinity, ease: "linear" },
              scale: { duration: CHARGE_S, times: [0, 0.7, 1] },
            }}
          />
          <motion.div
            aria-hidden="true"
            className="absolute size-72 rounded-full"
            style={{ background: `radial-gradient(circle, ${glow}, transparent 65%)` }}
            initial={{ scale: 0.2, opacity: 0.3 }}
            animate={{ scale: [0.2, 0.5, 3.5], opacity: [0.3, 0.8, 0] }}
            transition={{ duration: CHARGE_S + 0.5, times: [0, 0.7, 1] }}
          />
          <motion.p
            className="absolute top-[18%] font-display text-sm font-bold uppercase tracking-[0.5em] text-cyan text-glow-cyan"
            animate={{ opacity: [0, 1, 1, 0] }}
            transition={{ duration: CHARGE_S, times: [0, 0.2, 0.8, 1] }}
          >
            Summoning…
          </motion.p>
        </>
      )}
      {bot && (
        // Mounted while the portal charges, so its picture is loaded by the burst; it comes out on the burst
        // itself rather than after a delay of its own, which a slow device's frames would stretch past the end.
        <motion.div
          className="relative flex flex-col items-center text-center"
          initial={{ scale: 0.3, opacity: 0, y: 30 }}
          animate={phase === "burst" ? { scale: 1, opacity: 1, y: 0 } : { scale: 0.3, opacity: 0, y: 30 }}
          transition={reduced ? { duration: 0 } : { type: "spring", stiffness: 180, damping: 15 }}
        >
          <div className="rounded-2xl p-1" style={{ boxShadow: `0 0 60px ${glow}aa, 0 0 0 2px ${glow}` }}>
            <BotImage bot={bot} className="w-56 sm:w-64" />
          </div>
          <RarityBadge rarity={bot.rarity} className="mt-5 px-3 py-1.5 text-sm" />
          <p className="mt-3 font-display text-xl font-black uppercase text-ink">{bot.model}</p>
          <p className="text-sm font-semibold uppercase tracking-widest text-muted">{bot.botClass}</p>
        </motion.div>
      )}
      {onRevealAll && revealsLeft > 1 && (
        <Button variant="secondary" className="absolute bottom-[8%]" onClick={onRevealAll}>
          Reveal all ({revealsLeft})
        </Button>
      )}
    </div>,
    document.body,
  );
}
