// Generator throughput for the bench: renders a varied set of mecha and reports images per second. Kept out
// of src/ because it reads a clock; the drawing itself never does.
import { renderMechaSvg } from "../src/svg-mecha";
import { BOT_CLASSES, MECHA_MODELS, type MechaInput, RARITIES } from "../src/types";

// The package is built without Node's types; the clock is all the bench needs from the host.
declare const performance: { now(): number };

const WEAPON_NAMES = [
  "Plasma Blade",
  "Ion Cannon",
  "Nano Staff",
  "Thunder Hammer",
  "Void Lance",
  "Reaper Axe",
];

function benchInput(i: number): MechaInput {
  return {
    botName: `Bench Bot ${i}`,
    model: MECHA_MODELS[i % MECHA_MODELS.length]!,
    colorPrimary: `#${((i * 2654435761) >>> 8).toString(16).padStart(6, "0").slice(0, 6)}`,
    colorSecondary: `#${((i * 40503 + 12345) >>> 0).toString(16).padStart(6, "0").slice(-6)}`,
    rarity: RARITIES[i % RARITIES.length]!,
    botClass: BOT_CLASSES[i % BOT_CLASSES.length]!,
    equippedWeapon:
      i % 2 === 0
        ? { name: WEAPON_NAMES[i % WEAPON_NAMES.length]!, type: "weapon", ultimateType: "damage" }
        : null,
  };
}

/** Renders `n` distinct images (after a short warm-up) and returns images per second. */
export function measureImagesPerSecond(n = 500): number {
  for (let i = 0; i < 20; i++) renderMechaSvg(benchInput(-1 - i));
  const started = performance.now();
  for (let i = 0; i < n; i++) renderMechaSvg(benchInput(i));
  const seconds = (performance.now() - started) / 1000;
  return n / Math.max(seconds, 1e-9);
}
