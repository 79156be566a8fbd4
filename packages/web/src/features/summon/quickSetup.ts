// One-click helpers for the summon dialogs, so a 10x summon is not 20 forms: a suggested name the player can
// still edit, and the 10 bonus points spread toward the bot's strongest stats (the player can still move them).
import { STAT_NAMES, type StatName, type Stats } from "@bot-arena/game";

const firstWords =
  "Quantum Neon Iron Chrome Volt Plasma Titan Shadow Nova Cyber Omega Crimson Static Ion Hyper Steel".split(
    " ",
  );
const secondWords =
  "Reaper Striker Warden Fang Sentinel Viper Breaker Phantom Drifter Hammer Lancer Comet Howler Spark Raptor Golem".split(
    " ",
  );

/** "Neon Lancer 27": two words and a number, `random` in [0, 1); avoids the names in `taken` (case-insensitive). */
export function suggestBotName(random: () => number, taken: Iterable<string> = []): string {
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  const pick = <T>(words: readonly T[]) => words[Math.floor(random() * words.length)]!;
  let name = "";
  // A clash is rare (16 x 16 x 90 names); a few draws settle it, and a clash after that is still a valid name.
  for (let attempt = 0; attempt < 8; attempt++) {
    name = `${pick(firstWords)} ${pick(secondWords)} ${10 + Math.floor(random() * 90)}`;
    if (!used.has(name.toLowerCase())) break;
  }
  return name;
}

/**
 * The bonus points spread 4-3-2-1 from the bot's highest rolled stat to its lowest (ties in the usual stat
 * order): a summon leans into what it rolled well, and every stat still gains.
 */
export function autoAllocate(bot: Readonly<Record<StatName, number>>): Stats {
  // Adds up to SUMMON_BONUS_POINTS (the unit test holds it to that).
  const shares = [4, 3, 2, 1];
  const ranked = [...STAT_NAMES].sort((a, b) => bot[b] - bot[a]);
  const points = { strength: 0, agility: 0, defense: 0, intelligence: 0 };
  ranked.forEach((stat, index) => {
    points[stat] = shares[index]!;
  });
  return points;
}
