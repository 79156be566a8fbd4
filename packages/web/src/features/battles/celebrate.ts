// Confetti when the viewer's side wins: two bursts from the lower corners and a third from the middle in the
// arena's neon colours. A defeat, and a battle watched from neither side, end without it (issue 26: a war duel
// your guild lost must not look like a party). canvas-confetti skips itself under prefers-reduced-motion.
import confetti from "canvas-confetti";
import type { Verdict } from "./playback";

type Burst = confetti.Options & { delayMs?: number };

const neon = ["#22e5ff", "#ff2bd6", "#a3ff12", "#ffb020", "#ffffff"];

/** The bursts for a verdict: a win's, or none. */
export function confettiBursts(tone: Verdict["tone"] = "win"): Burst[] {
  if (tone !== "win") return [];
  const party = { startVelocity: 55, ticks: 220, zIndex: 80, disableForReducedMotion: true };
  const burst = { ...party, particleCount: 90, spread: 70, colors: neon };
  return [
    { ...burst, angle: 60, origin: { x: 0, y: 0.85 } },
    { ...burst, angle: 120, origin: { x: 1, y: 0.85 } },
    { ...burst, particleCount: 140, spread: 110, origin: { x: 0.5, y: 0.35 }, delayMs: 350 },
  ];
}

export function celebrate(tone: Verdict["tone"] = "win"): void {
  for (const { delayMs, ...burst } of confettiBursts(tone)) {
    if (delayMs) setTimeout(() => void confetti(burst), delayMs);
    else void confetti(burst);
  }
}
