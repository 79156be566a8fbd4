// Confetti for a win: two bursts from the lower corners in the arena's neon colours. canvas-confetti skips
// itself under prefers-reduced-motion.
import confetti from "canvas-confetti";

const colors = ["#22e5ff", "#ff2bd6", "#a3ff12", "#ffb020", "#ffffff"];

export function celebrate(): void {
  const shared = { particleCount: 90, spread: 70, startVelocity: 55, ticks: 220, colors, zIndex: 80 };
  void confetti({ ...shared, angle: 60, origin: { x: 0, y: 0.85 }, disableForReducedMotion: true });
  void confetti({ ...shared, angle: 120, origin: { x: 1, y: 0.85 }, disableForReducedMotion: true });
  setTimeout(() => {
    void confetti({
      ...shared,
      particleCount: 140,
      spread: 110,
      origin: { x: 0.5, y: 0.35 },
      disableForReducedMotion: true,
    });
  }, 350);
}
