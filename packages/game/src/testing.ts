// Test helpers that speak the game's language: a bot, a fighter, a weapon, with only the fields a test cares
// about spelled out. Not exported from the package.
import type { Fighter } from "./battle";
import { MAX_DURABILITY, MAX_ENERGY } from "./constants";
import { type Bot, BotId, type Result, type Stats, UserId, type Weapon } from "./types";

export const stats = (strength: number, agility: number, defense: number, intelligence: number): Stats => ({
  strength,
  agility,
  defense,
  intelligence,
});

export function makeBot(overrides: Partial<Bot> = {}): Bot {
  return {
    id: BotId("bot-1"),
    userId: UserId("user-1"),
    name: "Sparky",
    model: "Striker X-1",
    botClass: "hero",
    rarity: "common",
    level: 1,
    xp: 0,
    energy: MAX_ENERGY,
    maxEnergy: MAX_ENERGY,
    lastEnergyUpdate: 0,
    isActive: false,
    wins: 0,
    losses: 0,
    strength: 10,
    agility: 10,
    defense: 10,
    intelligence: 10,
    availablePoints: 0,
    statPointsAllocated: true,
    durability: MAX_DURABILITY,
    maxDurability: MAX_DURABILITY,
    colorPrimary: "#00d4ff",
    colorSecondary: "#0057ff",
    imageUrl: null,
    equippedWeaponId: null,
    ...overrides,
  };
}

export function weapon(overrides: Partial<Weapon> = {}): Weapon {
  return {
    name: "Plasma Blade",
    strengthBonus: 0,
    agilityBonus: 0,
    defenseBonus: 0,
    intelligenceBonus: 0,
    ultimateAbilityName: "Plasma Storm",
    ultimateAbilityType: "damage",
    ultimateAbilityPower: 2,
    ultimateTriggerChance: 0,
    ...overrides,
  };
}

export const fighter = (name: string, s: Stats, w: Weapon | null = null): Fighter => ({
  name,
  stats: s,
  weapon: w,
});

/** The message of a refused check, or null when it passed. */
export const refusal = <T>(result: Result<T>): string | null => (result.ok ? null : result.message);

/** The value of a passed check; a refusal fails the test with its message. */
export function accepted<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected the check to pass, got '${result.message}'`);
  return result.value;
}
