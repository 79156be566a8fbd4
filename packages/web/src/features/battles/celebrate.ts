// Confetti at the end of every battle (the spec): a win gets two bursts from the lower corners and a third from
// the middle in the arena's neon colours; a defeat gets one smaller burst in cool colours, a salute for the
// fight rather than a party. canvas-confetti skips itself under prefers-reduced-motion.
import confetti from "canvas-confetti";
import type { Verdict } from "./playback";

type Burst = confetti.Options & { delayMs?: number };

const neon = ["#22e5ff", "#ff2bd6", "#a3ff12", "#ffb020", "#ffffff"];
const cool = ["#22e5ff", "#7b8bb0", "#ffffff"];

/** The bursts for a battle's verdict: never none (every battle ends with confetti). */
export function confettiBursts(tone: Verdict["tone"] = "win"): Burst[] {
  const shared = { startVelocity: 55, ticks: 220, zIndex: 80, disableForReducedMotion: true };
  if (tone === "loss") {
    return [
      {
        ...shared,
        particleCount: 60,
        spread: 80,
        startVelocity: 35,
        colors: cool,
        origin: { x: 0.5, y: 0.6 },
      },
    ];
  }
  const party = { ...shared, particleCount: 90, spread: 70, colors: neon };
  return [
    { ...party, angle: 60, origin: { x: 0, y: 0.85 } },
    { ...party, angle: 120, origin: { x: 1, y: 0.85 } },
    { ...party, particleCount: 140, spread: 110, origin: { x: 0.5, y: 0.35 }, delayMs: 350 },
  ];
}

export function celebrate(tone: Verdict["tone"] = "win"): void {
  for (const { delayMs, ...burst } of confettiBursts(tone)) {
    if (delayMs) setTimeout(() => void confetti(burst), delayMs);
    else void confetti(burst);
  }
}
