// The equipment catalogue: weapons over every rarity, each with stat bonuses and an ultimate ability
// (damage: base damage x power minus defense; special: the same ignoring defense; heal: power x max HP).
import { equipment } from "../db/schema";
import type { SeedStep } from "./index";
import { takeExcluded } from "./upsert";

type Item = typeof equipment.$inferInsert;

const weapon = (
  name: string,
  rarity: Item["rarity"],
  price: number,
  bonuses: [strength: number, agility: number, defense: number, intelligence: number],
  ultimate: [
    name: string,
    type: Item["ultimateAbilityType"],
    power: number,
    chance: number,
    description: string,
  ],
): Item => ({
  name,
  type: "weapon",
  rarity,
  price,
  strengthBonus: bonuses[0],
  agilityBonus: bonuses[1],
  defenseBonus: bonuses[2],
  intelligenceBonus: bonuses[3],
  ultimateAbilityName: ultimate[0],
  ultimateAbilityType: ultimate[1],
  ultimateAbilityPower: ultimate[2],
  ultimateTriggerChance: ultimate[3],
  ultimateAbilityDescription: ultimate[4],
});

export const equipmentCatalogue: Item[] = [
  weapon(
    "Rivet Repeater",
    "common",
    200,
    [2, 1, 0, 0],
    [
      "Rivet Storm",
      "damage",
      1.3,
      0.1,
      "Empties the whole magazine in one screaming burst of red-hot rivets.",
    ],
  ),
  weapon(
    "Scrapyard Cleaver",
    "common",
    250,
    [3, 0, 0, 0],
    ["Rust Rend", "damage", 1.4, 0.08, "A wild overhead chop that tears through plating like old tin."],
  ),
  weapon(
    "Spark Baton",
    "common",
    220,
    [0, 1, 0, 2],
    [
      "Static Jolt",
      "special",
      1.2,
      0.12,
      "A crackling arc that jumps straight past armour into the circuits.",
    ],
  ),
  weapon(
    "Pulse Carbine",
    "uncommon",
    450,
    [3, 2, 0, 0],
    ["Overcharge Volley", "damage", 1.6, 0.12, "Vents the capacitor bank into three searing pulses at once."],
  ),
  weapon(
    "Ion Lance",
    "uncommon",
    500,
    [2, 0, 0, 3],
    [
      "Ion Pierce",
      "special",
      1.5,
      0.12,
      "A charged beam that ignores shields and melts a line through the core.",
    ],
  ),
  weapon(
    "Nanite Injector",
    "uncommon",
    480,
    [0, 0, 2, 2],
    [
      "Field Patch",
      "heal",
      0.15,
      0.15,
      "Releases a swarm of repair nanites that knit torn armour back together.",
    ],
  ),
  weapon(
    "Thunderclap Hammer",
    "rare",
    900,
    [5, 0, 2, 0],
    [
      "Seismic Slam",
      "damage",
      1.9,
      0.14,
      "Strikes the arena floor so hard the shockwave lifts the enemy off its feet.",
    ],
  ),
  weapon(
    "Cryo Shard Launcher",
    "rare",
    950,
    [0, 3, 0, 4],
    ["Flash Freeze", "special", 1.8, 0.14, "Coats the target in liquid nitrogen, then shatters the ice."],
  ),
  weapon(
    "Phoenix Coil",
    "rare",
    1000,
    [0, 0, 3, 3],
    [
      "Rekindle",
      "heal",
      0.25,
      0.15,
      "Reignites the reactor from its own embers, restoring a quarter of its hull.",
    ],
  ),
  weapon(
    "Void Reaper Scythe",
    "epic",
    1800,
    [6, 4, 0, 0],
    [
      "Event Horizon",
      "damage",
      2.2,
      0.16,
      "A sweep that bends light; whatever it touches is pulled into the dark.",
    ],
  ),
  weapon(
    "Aegis Reactor",
    "epic",
    1900,
    [0, 0, 7, 3],
    [
      "Bastion Protocol",
      "heal",
      0.3,
      0.18,
      "Diverts all power to the hull: plates reseal and shields hum back to life.",
    ],
  ),
  weapon(
    "Solar Flare Cannon",
    "legendary",
    3500,
    [8, 0, 0, 5],
    ["Supernova", "damage", 2.6, 0.18, "Channels a captured star into one blinding, arena-wide blast."],
  ),
  weapon(
    "Chrono Disruptor",
    "legendary",
    3800,
    [0, 8, 0, 6],
    ["Time Fracture", "special", 2.4, 0.2, "Freezes the enemy between two seconds and strikes it from both."],
  ),
  weapon(
    "Omega Singularity Blade",
    "diamond",
    7500,
    [10, 6, 4, 6],
    [
      "Singularity Collapse",
      "damage",
      3.0,
      0.22,
      "Folds space around the edge of the blade until the target simply stops.",
    ],
  ),
];

export const equipmentCatalogueStep: SeedStep = {
  name: "equipment",
  async run({ db }) {
    // The catalogue lives in code: re-seeding brings existing rows up to date (ids, and so inventories, stay).
    await db
      .insert(equipment)
      .values(equipmentCatalogue)
      .onConflictDoUpdate({
        target: equipment.name,
        set: takeExcluded(
          equipment,
          Object.keys(equipmentCatalogue[0]!).filter((key) => key !== "name") as (keyof Item & string)[],
        ),
      });
  },
};
