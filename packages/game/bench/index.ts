// Throughput of the rulebook's hot paths on one core: AI battles (with and without message text, and
// outcome only) for level-1, level-10 and level-50 bots, and summon rolls. Prints figures; never fails.
import {
  type Fighter,
  generateAiOpponent,
  rollSingleRarity,
  rollTenRarities,
  runBattle,
  summonBots,
  type Weapon,
} from "../src/index";
import { createRng } from "../src/rng";

// The package is built without Node's types; these two globals are all the bench needs from the host.
declare const console: { log(...values: unknown[]): void };
declare const performance: { now(): number };

const RUN_MS = 1000;
const WARM_UP_MS = 200;

/** Calls `work` in batches until `ms` have passed; returns calls per second. */
function measure(work: () => number, ms: number): { perSecond: number; checksum: number } {
  let calls = 0;
  let checksum = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 256; i++) checksum += work();
    calls += 256;
    elapsed = performance.now() - start;
  }
  return { perSecond: (calls * 1000) / elapsed, checksum };
}

function rate(label: string, work: () => number): void {
  measure(work, WARM_UP_MS);
  const { perSecond, checksum } = measure(work, RUN_MS);
  const figure = Math.round(perSecond).toLocaleString("en-US").padStart(12);
  // The checksum keeps the JIT from discarding the work; printing it costs nothing.
  console.log(`  ${label.padEnd(44)} ${figure} /s   (checksum ${checksum % 1000})`);
}

const plasmaBlade: Weapon = {
  name: "Plasma Blade",
  strengthBonus: 6,
  agilityBonus: 2,
  defenseBonus: 0,
  intelligenceBonus: 0,
  ultimateAbilityName: "Plasma Storm",
  ultimateAbilityType: "damage",
  ultimateAbilityPower: 2,
  ultimateTriggerChance: 0.15,
};

/** A player's bot matched to the arena's AI at that level (mid-roll stats), with a weapon from level 10. */
function playerAt(level: number): Fighter {
  const stat = 8 + 2 * level + 2;
  return {
    name: `Player L${level}`,
    stats: { strength: stat, agility: stat, defense: stat, intelligence: stat },
    weapon: level >= 10 ? plasmaBlade : null,
  };
}

console.log("Bot Arena rulebook benchmark (one core)\n");
for (const level of [1, 10, 50]) {
  const player = playerAt(level);
  const rng = createRng(`bench-${level}`);
  const aiBattle = (options: { messages?: boolean; log?: boolean }) => (): number => {
    const ai = generateAiOpponent(rng, level);
    const result = runBattle(player, { name: ai.name, stats: ai.stats, weapon: null }, rng, options);
    return result.rounds + (result.winner === "attacker" ? 1 : 0);
  };
  const sample = runBattle(
    player,
    { name: "Sample", stats: generateAiOpponent(rng, level).stats, weapon: null },
    rng,
  );
  console.log(`Level ${level} (a sample battle: ${sample.rounds} rounds, ${sample.log.length} log entries)`);
  rate("AI battles with full log and messages", aiBattle({}));
  rate("AI battles with log, no message text", aiBattle({ messages: false }));
  rate("AI battles, outcome only (no log)", aiBattle({ log: false }));
  console.log("");
}

const summonRng = createRng("bench-summon");
console.log("Summons");
rate("single rarity rolls", () => (rollSingleRarity(summonRng) === "rare" ? 1 : 0));
rate("10x rarity rolls (ten rolls + guarantee)", () => rollTenRarities(summonRng).length);
rate("single summons (rarity, looks and stats)", () => summonBots(summonRng, 1).length);
