// The battle engine. Two fighters, one seeded RNG, a typed log of every action and a winner; the same seed
// and fighters always give the same log, so a battle can be replayed or animated anywhere.
//
// Rules, in the order they apply on each turn:
// - stats are the bot's stats plus its weapon's bonuses; max HP = 100 + 2 × defense;
// - a hit deals max(5, floor(1.5 × strength + 0.5 × agility − target defense));
// - a weapon with an ultimate fires it with the weapon's trigger chance: damage deals
//   max(hit, floor(hit × power − target defense)), special max(hit, floor(hit × power)), heal restores
//   floor(power × max HP) (power 0.2 when missing) instead of attacking, and is only tried when hurt;
// - the attacker acts first in each round; each side fights with its own weapon;
// - after 50 rounds the higher share of remaining HP wins, and an exact tie goes to the defender.
import {
  AGILITY_DAMAGE_FACTOR,
  BASE_HP,
  BATTLE_MAX_ROUNDS,
  DEFAULT_HEAL_POWER,
  DEFAULT_ULTIMATE_POWER,
  ELEMENTAL_HIT_CHANCE,
  HP_PER_DEFENSE,
  MIN_DAMAGE,
  STRENGTH_DAMAGE_FACTOR,
} from "./constants";
import type { Rng } from "./rng";
import type { Bot, EffectType, StatName, Stats, Weapon } from "./types";

export type Side = "attacker" | "defender";

export interface Fighter {
  readonly name: string;
  /** The bot's own stats; the weapon's bonuses are added by the engine. */
  readonly stats: Stats;
  readonly weapon: Weapon | null;
}

/** A bot as it enters the arena, with its equipped weapon (or null). */
export const toFighter = (bot: Pick<Bot, "name" | StatName>, weapon: Weapon | null): Fighter => ({
  name: bot.name,
  stats: {
    strength: bot.strength,
    agility: bot.agility,
    defense: bot.defense,
    intelligence: bot.intelligence,
  },
  weapon,
});

export interface BattleLogEntry {
  readonly round: number;
  /** The side that acted. */
  readonly side: Side;
  readonly actorName: string;
  readonly targetName: string;
  /** Damage dealt to the target (0 on a heal). */
  readonly damage: number;
  /** HP the actor restored to itself (0 on a hit). */
  readonly heal: number;
  readonly effectType: EffectType;
  readonly ultimateName: string | null;
  /** The text line, or null when the battle ran with `messages: false` (see describeAction). */
  readonly message: string | null;
  /** HP of the battle's attacker after this action. */
  readonly attackerHp: number;
  /** HP of the battle's defender after this action. */
  readonly defenderHp: number;
}

export interface BattleResult {
  readonly winner: Side;
  readonly endedBy: "knockout" | "roundLimit";
  readonly rounds: number;
  readonly attackerName: string;
  readonly defenderName: string;
  readonly attackerMaxHp: number;
  readonly defenderMaxHp: number;
  readonly attackerHp: number;
  readonly defenderHp: number;
  /** Every action in order; empty when the battle ran with `log: false`. */
  readonly log: readonly BattleLogEntry[];
}

export interface BattleOptions {
  /** Build each entry's text line (default true). Turn off for bulk simulation. */
  readonly messages?: boolean;
  /** Record the log at all (default true). Turn off when only the outcome matters. */
  readonly log?: boolean;
  readonly maxRounds?: number;
}

// Float products such as 115 × 0.2 land a hair under the whole number they mean; this absorbs that.
const FLOOR_EPSILON = 1e-9;
const floorAmount = (value: number): number => Math.floor(value + FLOOR_EPSILON);

export function effectiveStats(stats: Stats, weapon: Weapon | null): Stats {
  if (weapon === null) return stats;
  return {
    strength: stats.strength + weapon.strengthBonus,
    agility: stats.agility + weapon.agilityBonus,
    defense: stats.defense + weapon.defenseBonus,
    intelligence: stats.intelligence + weapon.intelligenceBonus,
  };
}

export const maxHp = (stats: Stats): number => BASE_HP + HP_PER_DEFENSE * stats.defense;

export const hitDamage = (attacker: Stats, target: Stats): number =>
  Math.max(
    MIN_DAMAGE,
    Math.floor(
      STRENGTH_DAMAGE_FACTOR * attacker.strength + AGILITY_DAMAGE_FACTOR * attacker.agility - target.defense,
    ),
  );

/** Damage of a damage or special ultimate, given the ordinary hit it replaces. */
export function ultimateDamage(weapon: Weapon, hit: number, targetDefense: number): number {
  const power = weapon.ultimateAbilityPower ?? DEFAULT_ULTIMATE_POWER;
  const raw = weapon.ultimateAbilityType === "special" ? hit * power : hit * power - targetDefense;
  return Math.max(hit, floorAmount(raw));
}

export const ultimateHeal = (weapon: Weapon, ownMaxHp: number): number =>
  floorAmount(ownMaxHp * (weapon.ultimateAbilityPower ?? DEFAULT_HEAL_POWER));

// The element an ordinary hit may carry, by the attacker's strongest stat (first in this order on a tie);
// null means intelligence, whose hits pick an element at random.
const ELEMENTS: readonly EffectType[] = ["fire", "ice", "lightning"];
function elementFor(stats: Stats): EffectType | null {
  let best: EffectType | null = "fire";
  let top = stats.strength;
  if (stats.agility > top) {
    best = "lightning";
    top = stats.agility;
  }
  if (stats.defense > top) {
    best = "ice";
    top = stats.defense;
  }
  if (stats.intelligence > top) best = null;
  return best;
}

const NO_ULTIMATE = 0;
const DAMAGE_ULTIMATE = 1;
const HEAL_ULTIMATE = 2;

/** Everything a side needs during the fight, worked out once so the turn loop allocates nothing. */
class Combatant {
  readonly name: string;
  readonly maxHp: number;
  hp: number;
  hit = 0;
  ultimateKind = NO_ULTIMATE;
  ultimateAmount = 0;
  ultimateChance = 0;
  ultimateName: string | null = null;
  readonly element: EffectType | null;
  readonly stats: Stats;

  constructor(fighter: Fighter) {
    this.name = fighter.name;
    this.stats = effectiveStats(fighter.stats, fighter.weapon);
    this.maxHp = maxHp(this.stats);
    this.hp = this.maxHp;
    this.element = elementFor(this.stats);
  }

  prepareAgainst(weapon: Weapon | null, target: Combatant): void {
    this.hit = hitDamage(this.stats, target.stats);
    if (weapon === null || weapon.ultimateAbilityType === null) return;
    this.ultimateChance = weapon.ultimateTriggerChance;
    this.ultimateName = weapon.ultimateAbilityName ?? weapon.name;
    if (weapon.ultimateAbilityType === "heal") {
      this.ultimateKind = HEAL_ULTIMATE;
      this.ultimateAmount = ultimateHeal(weapon, this.maxHp);
    } else {
      this.ultimateKind = DAMAGE_ULTIMATE;
      this.ultimateAmount = ultimateDamage(weapon, this.hit, target.stats.defense);
    }
  }
}

export function runBattle(
  attacker: Fighter,
  defender: Fighter,
  rng: Rng,
  options: BattleOptions = {},
): BattleResult {
  const withLog = options.log ?? true;
  const withMessages = withLog && (options.messages ?? true);
  const maxRounds = options.maxRounds ?? BATTLE_MAX_ROUNDS;
  const a = new Combatant(attacker);
  const d = new Combatant(defender);
  a.prepareAgainst(attacker.weapon, d);
  d.prepareAgainst(defender.weapon, a);
  const log: BattleLogEntry[] = [];

  let round = 0;
  while (round < maxRounds && a.hp > 0 && d.hp > 0) {
    round++;
    for (let turn = 0; turn < 2; turn++) {
      const actor = turn === 0 ? a : d;
      const target = turn === 0 ? d : a;
      if (actor.hp <= 0 || target.hp <= 0) break;

      let damage = actor.hit;
      let heal = 0;
      let effectType: EffectType = "physical";
      let ultimateName: string | null = null;
      const tryUltimate =
        actor.ultimateKind === DAMAGE_ULTIMATE ||
        (actor.ultimateKind === HEAL_ULTIMATE && actor.hp < actor.maxHp);
      if (tryUltimate && rng.next() < actor.ultimateChance) {
        ultimateName = actor.ultimateName;
        if (actor.ultimateKind === HEAL_ULTIMATE) {
          heal = Math.min(actor.ultimateAmount, actor.maxHp - actor.hp);
          damage = 0;
          effectType = "heal";
        } else {
          damage = actor.ultimateAmount;
          effectType = "ultimate";
        }
      } else {
        // One draw decides both whether the hit is elemental and, for intelligence, which element.
        const flavour = rng.next();
        if (flavour < ELEMENTAL_HIT_CHANCE) {
          effectType =
            actor.element ?? (ELEMENTS[Math.floor((flavour / ELEMENTAL_HIT_CHANCE) * 3)] as EffectType);
        }
      }
      actor.hp += heal;
      target.hp = damage >= target.hp ? 0 : target.hp - damage;

      if (withLog) {
        const entry: { -readonly [K in keyof BattleLogEntry]: BattleLogEntry[K] } = {
          round,
          side: turn === 0 ? "attacker" : "defender",
          actorName: actor.name,
          targetName: target.name,
          damage,
          heal,
          effectType,
          ultimateName,
          message: null,
          attackerHp: a.hp,
          defenderHp: d.hp,
        };
        if (withMessages) entry.message = describeAction(entry);
        log.push(entry);
      }
    }
  }

  const knockout = a.hp <= 0 || d.hp <= 0;
  // Shares are compared by cross-multiplying so no float rounding can turn a tie into a win.
  const winner: Side = knockout
    ? a.hp > 0
      ? "attacker"
      : "defender"
    : a.hp * d.maxHp > d.hp * a.maxHp
      ? "attacker"
      : "defender";
  return {
    winner,
    endedBy: knockout ? "knockout" : "roundLimit",
    rounds: round,
    attackerName: a.name,
    defenderName: d.name,
    attackerMaxHp: a.maxHp,
    defenderMaxHp: d.maxHp,
    attackerHp: a.hp,
    defenderHp: d.hp,
    log,
  };
}

/** The text line for one action; the engine uses it, and a client can rebuild lines from a bare log. */
export function describeAction(
  entry: Pick<BattleLogEntry, "actorName" | "targetName" | "damage" | "heal" | "effectType" | "ultimateName">,
): string {
  const { actorName, targetName, damage } = entry;
  switch (entry.effectType) {
    case "heal":
      return `${actorName} uses ${entry.ultimateName ?? "a repair protocol"} and restores ${entry.heal} HP!`;
    case "ultimate":
      return `${actorName} unleashes ${entry.ultimateName ?? "an ultimate"}! ${targetName} takes ${damage} damage!`;
    case "fire":
      return `${actorName} scorches ${targetName} with fire for ${damage} damage!`;
    case "ice":
      return `${actorName} freezes ${targetName} with ice for ${damage} damage!`;
    case "lightning":
      return `${actorName} shocks ${targetName} with lightning for ${damage} damage!`;
    case "physical":
      return `${actorName} strikes ${targetName} for ${damage} damage!`;
  }
}

export function describeOutcome(result: BattleResult): string {
  const winnerName = result.winner === "attacker" ? result.attackerName : result.defenderName;
  return result.endedBy === "knockout"
    ? `${winnerName} is victorious!`
    : `Time! ${winnerName} wins with more health remaining.`;
}

/** The battle as plain text lines, as the PvP answer's battleLog carries it. */
export function battleLogLines(result: BattleResult): string[] {
  const lines = result.log.map((entry) => entry.message ?? describeAction(entry));
  lines.push(describeOutcome(result));
  return lines;
}
