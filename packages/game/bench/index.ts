// Throughput of the rulebook's hot paths on one core: AI battles (with and without message text, and
// outcome only) for level-1, level-10 and level-50 bots, and summon rolls. Prints figures; never fails.
import {
  aiOpponentRoll,
  estimateWinChance,
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

/** Milliseconds of one call: the median and the slowest of `runs` after a few warm-up calls. */
function timeEach(label: string, work: (run: number) => number, runs = 60): void {
  for (let i = 0; i < 5; i++) work(-1 - i);
  const times: number[] = [];
  let checksum = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    checksum += work(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)] ?? 0;
  const slowest = times[runs - 1] ?? 0;
  console.log(
    `  ${label.padEnd(52)} median ${median.toFixed(2).padStart(6)} ms, slowest ${slowest.toFixed(2).padStart(6)} ms   (checksum ${checksum % 1000})`,
  );
}

const pulseCarbine: Weapon = {
  ...plasmaBlade,
  name: "Pulse Carbine",
  ultimateAbilityPower: 1.6,
  ultimateTriggerChance: 0.12,
};
const naniteInjector: Weapon = {
  ...plasmaBlade,
  name: "Nanite Injector",
  strengthBonus: 0,
  agilityBonus: 0,
  defenseBonus: 2,
  intelligenceBonus: 2,
  ultimateAbilityType: "heal",
  ultimateAbilityPower: 0.15,
  ultimateTriggerChance: 0.15,
};
const even = { strength: 12, agility: 12, defense: 12, intelligence: 12 };
const fortress = { strength: 5, agility: 5, defense: 60, intelligence: 5 };
console.log("\nWin-chance estimates (2,000 battles each unless one battle decides)");
timeEach(
  "PvP, both armed (ultimates decide)",
  (run) =>
    estimateWinChance(
      { name: "A", stats: even, weapon: pulseCarbine },
      { name: "D", stats: even, weapon: naniteInjector },
      run,
    ).percent,
);
timeEach(
  "AI opponent, unarmed bot (one battle decides)",
  (run) =>
    estimateWinChance({ name: "A", stats: even, weapon: null }, { name: "D", stats: even, weapon: null }, run)
      .percent,
);
timeEach(
  "new build vs the level-1 arena AI (create-bot, per click)",
  (run) =>
    estimateWinChance(
      { name: "A", stats: { strength: 15, agility: 5, defense: 15, intelligence: 5 }, weapon: null },
      aiOpponentRoll(1),
      run,
    ).percent,
);
timeEach(
  "worst case: two fortresses that heal, 50 full rounds",
  (run) =>
    estimateWinChance(
      { name: "A", stats: fortress, weapon: naniteInjector },
      { name: "D", stats: fortress, weapon: naniteInjector },
      run,
    ).percent,
  20,
);
