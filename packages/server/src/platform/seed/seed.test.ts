// Reference data: the catalogue's shape, and seeding that can run on every start.

import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { equipment, rarities, shopItems } from "../db/schema";
import { encodeWav8, renderSong, SAMPLE_RATE } from "./chiptune";
import { equipmentCatalogue } from "./equipment";
import { platformSeedSteps, runSeeds } from "./index";
import { starterSongs } from "./starter-music";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("reference data", () => {
  it("has the two consumables at their house prices", async () => {
    const items = await t.db.select().from(shopItems).orderBy(shopItems.price);
    expect(items.map((i) => [i.name, i.type, i.price])).toEqual([
      ["Energy Cell", "energy_restore", 100],
      ["Repair Kit", "durability_restore", 150],
    ]);
  });

  it("has at least 12 weapons over every rarity, each with an ultimate of a known type", async () => {
    const rows = await t.db.select().from(equipment);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.rarity))).toEqual(new Set(rarities));
    expect(new Set(rows.map((r) => r.ultimateAbilityType))).toEqual(new Set(["damage", "special", "heal"]));
    for (const row of rows) {
      expect(row.ultimateTriggerChance).toBeGreaterThan(0);
      expect(row.ultimateTriggerChance).toBeLessThanOrEqual(1);
      expect(row.ultimateAbilityName.length).toBeGreaterThan(0);
      expect(row.strengthBonus + row.agilityBonus + row.defenseBonus + row.intelligenceBonus).toBeGreaterThan(
        0,
      );
    }
  });

  it("prices weapons up the rarity ladder", () => {
    const cheapest = (rarity: string) =>
      Math.min(...equipmentCatalogue.filter((e) => e.rarity === rarity).map((e) => e.price));
    const dearest = (rarity: string) =>
      Math.max(...equipmentCatalogue.filter((e) => e.rarity === rarity).map((e) => e.price));
    for (let i = 1; i < rarities.length; i++) {
      expect(cheapest(rarities[i]!)).toBeGreaterThan(dearest(rarities[i - 1]!));
    }
  });

  it("seeds again without duplicates, keeping row ids", async () => {
    const before = await t.db.select({ id: equipment.id, name: equipment.name }).from(equipment);
    await runSeeds(
      {
        db: t.db,
        media: t.app.media,
        config: { starterMusic: "off", dataDir: t.config.dataDir },
        log: { info() {} },
      },
      platformSeedSteps,
    );
    const [{ value }] = (await t.db.select({ value: count() }).from(equipment)) as [{ value: number }];
    expect(value).toBe(before.length);
    const after = await t.db.select({ id: equipment.id, name: equipment.name }).from(equipment);
    expect(new Set(after.map((r) => r.id))).toEqual(new Set(before.map((r) => r.id)));
  });
});

describe("the chiptune synthesizer", () => {
  it("renders each starter song as a 20 to 30 second, 22 kHz, 8-bit mono WAV", () => {
    for (const song of starterSongs) {
      const samples = renderSong(song);
      const seconds = samples.length / SAMPLE_RATE;
      expect(seconds).toBeGreaterThanOrEqual(20);
      expect(seconds).toBeLessThanOrEqual(30);
      const wav = Buffer.from(encodeWav8(samples));
      expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
      expect(wav.readUInt16LE(22)).toBe(1); // channels
      expect(wav.readUInt32LE(24)).toBe(22_050);
      expect(wav.readUInt16LE(34)).toBe(8);
      expect(wav.readUInt32LE(40)).toBe(samples.length);
    }
  });

  it("is deterministic and makes sound", () => {
    const song = starterSongs[0]!;
    const a = encodeWav8(renderSong(song));
    expect(Buffer.from(a).equals(Buffer.from(encodeWav8(renderSong(song))))).toBe(true);
    const distinct = new Set(a.subarray(44, 44 + 22_050));
    expect(distinct.size).toBeGreaterThan(20);
  });
});
