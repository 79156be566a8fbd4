import { BOT_CLASSES, MECHA_MODELS } from "@bot-arena/images";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers";
import { databaseMediaStore } from "../../../../test/media";
import type { Db } from "../../../platform/db/database";
import { botImageLibrary } from "../../../platform/db/schema";
import type { MediaStore } from "../../../platform/media/store";
import { addLibraryImages, LIBRARY_RARITIES, libraryImageInput, seedImageLibrary } from "./library-seed";

let database: TestDatabase;
let db: Db;
let media: MediaStore;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.database.db;
  media = databaseMediaStore(db);
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

const unclaimedIn = async (rarity: string, botClass: "hero" | "villain" | "support") =>
  db
    .select()
    .from(botImageLibrary)
    .where(
      and(
        eq(botImageLibrary.rarity, rarity as "common"),
        eq(botImageLibrary.botClass, botClass),
        eq(botImageLibrary.isClaimed, false),
      ),
    );

describe("seedImageLibrary", () => {
  it("fills every rarity x class slot with ten unclaimed, stored, varied images", async () => {
    const { added } = await seedImageLibrary(db, { media });
    expect(added).toBe(LIBRARY_RARITIES.length * BOT_CLASSES.length * 10);
    for (const rarity of LIBRARY_RARITIES) {
      for (const botClass of BOT_CLASSES) {
        const rows = await unclaimedIn(rarity, botClass);
        expect(rows).toHaveLength(10);
        expect(new Set(rows.map((r) => r.model))).toEqual(new Set(MECHA_MODELS));
        expect(new Set(rows.map((r) => r.imageUrl)).size).toBe(10);
        expect(new Set(rows.map((r) => r.colorPrimary)).size).toBeGreaterThan(3);
      }
    }
    const [row] = await unclaimedIn("diamond", "villain");
    expect(row!.imageUrl).toMatch(/^\/media\/bots\/[a-f0-9]{32}\.svg$/);
    expect(await databaseMediaStore(db).exists(row!.imageUrl)).toBe(true);
  }, 60_000);

  it("adds nothing when run again", async () => {
    expect(await seedImageLibrary(db, { media })).toEqual({ added: 0 });
  });

  it("tops up only what fusion claimed, with images new to the slot", async () => {
    const taken = (await unclaimedIn("legendary", "hero")).slice(0, 3);
    await db
      .update(botImageLibrary)
      .set({ isClaimed: true })
      .where(
        inArray(
          botImageLibrary.id,
          taken.map((r) => r.id),
        ),
      );
    expect(await seedImageLibrary(db, { media })).toEqual({ added: 3 });
    const fresh = await unclaimedIn("legendary", "hero");
    expect(fresh).toHaveLength(10);
    const urls = new Set(fresh.map((r) => r.imageUrl));
    for (const claimed of taken) expect(urls.has(claimed.imageUrl)).toBe(false);
  });

  it("honours a larger perSlot", async () => {
    expect(await seedImageLibrary(db, { media, perSlot: 11 })).toEqual({ added: 15 });
  });

  it("adds one image per admin click to a chosen slot", async () => {
    const before = (await unclaimedIn("rare", "support")).length;
    expect(await addLibraryImages(db, { rarity: "rare", botClass: "support", amount: 1 }, { media })).toBe(1);
    expect(await unclaimedIn("rare", "support")).toHaveLength(before + 1);
  });
});

describe("libraryImageInput", () => {
  it("is deterministic and has no name, so nothing stale is shown after fusion renames the bot", () => {
    expect(libraryImageInput("rare", "hero", 4)).toEqual(libraryImageInput("rare", "hero", 4));
    expect(libraryImageInput("rare", "hero", 4).botName).toBe("");
    expect(libraryImageInput("rare", "hero", 4)).not.toEqual(libraryImageInput("rare", "hero", 5));
  });
});
