// The bot image library (fusion draws from it, the admin panel counts it): generated images for every
// rarity x class, topped up at start so each slot holds at least `perSlot` unclaimed images.
import { CREATION_COLOR_SCHEMES, CUSTOMIZATION_COLOR_SCHEMES } from "@bot-arena/game";
import { BOT_CLASSES, type BotClass, createRng, MECHA_MODELS, type MechaInput } from "@bot-arena/images";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../../platform/db/database";
import { botImageLibrary } from "../../../platform/db/schema";
import type { MediaStore } from "../../../platform/media/store";
import type { SeedStep } from "../../../platform/seed";
import { type ImageProvider, svgProvider } from "./provider";
import { storeBotImage } from "./store";

/** The library's rarities: epic is a badge colour only, so it has no slot. */
export const LIBRARY_RARITIES = ["common", "uncommon", "rare", "legendary", "diamond"] as const;
export type LibraryRarity = (typeof LIBRARY_RARITIES)[number];

/** Below this many unclaimed images the admin panel flags a slot as low. */
export const LIBRARY_LOW_MARK = 10;

const SCHEMES = [...CREATION_COLOR_SCHEMES, ...CUSTOMIZATION_COLOR_SCHEMES];

/**
 * The n-th library image of a slot. Models take turns, so any ten consecutive images show each model twice;
 * colours are drawn from every scheme of the game.
 */
export function libraryImageInput(rarity: LibraryRarity, botClass: BotClass, index: number): MechaInput {
  const slot = `${rarity}|${botClass}`;
  const rng = createRng(`library|${slot}|${index}`);
  const scheme = rng.pick(SCHEMES);
  const offset = createRng(`library|${slot}`).int(0, MECHA_MODELS.length - 1);
  return {
    botName: "",
    seed: `library-${slot}-${index}`,
    model: MECHA_MODELS[(index + offset) % MECHA_MODELS.length]!,
    colorPrimary: scheme.primary,
    colorSecondary: scheme.secondary,
    rarity,
    botClass,
  };
}

export interface LibraryImageOptions {
  media: MediaStore;
  provider?: ImageProvider;
}

export type LibraryImageRow = typeof botImageLibrary.$inferInsert;

/**
 * Draws and stores `amount` new images for one slot, numbered from `firstIndex`, and returns their unclaimed
 * rows to insert. No database: callers draw before they open a transaction.
 */
export async function drawLibraryImages(
  slot: { rarity: LibraryRarity; botClass: BotClass; amount: number; firstIndex: number },
  { media, provider = svgProvider }: LibraryImageOptions,
): Promise<LibraryImageRow[]> {
  const rows: LibraryImageRow[] = [];
  for (let i = 0; i < slot.amount; i++) {
    const input = libraryImageInput(slot.rarity, slot.botClass, slot.firstIndex + i);
    rows.push({
      rarity: slot.rarity,
      botClass: slot.botClass,
      model: input.model,
      colorPrimary: input.colorPrimary,
      colorSecondary: input.colorSecondary,
      imageUrl: await storeBotImage(media, provider, input),
      isClaimed: false,
    });
  }
  return rows;
}

/**
 * Generates `amount` new images for one slot and adds them as unclaimed rows. `firstIndex` picks the numbering
 * (the admin panel and the background top-up pass a random one, since a cleared library restarts the count).
 * Not for a transaction: it draws (the top-up draws first and inserts under its lock itself).
 */
export async function addLibraryImages(
  db: Db,
  slot: { rarity: LibraryRarity; botClass: BotClass; amount: number; firstIndex?: number },
  options: LibraryImageOptions,
): Promise<number> {
  if (slot.amount <= 0) return 0;
  // Numbering continues after every row the slot ever had, so new images differ from claimed ones.
  const [existing] =
    slot.firstIndex === undefined
      ? await db
          .select({ total: count() })
          .from(botImageLibrary)
          .where(and(eq(botImageLibrary.rarity, slot.rarity), eq(botImageLibrary.botClass, slot.botClass)))
      : [{ total: slot.firstIndex }];
  const rows = await drawLibraryImages({ ...slot, firstIndex: existing?.total ?? 0 }, options);
  await db.insert(botImageLibrary).values(rows);
  return rows.length;
}

export interface SeedImageLibraryOptions extends LibraryImageOptions {
  perSlot?: number;
}

/**
 * Idempotent: tops every rarity x class slot up to `perSlot` unclaimed images and returns how many it added.
 * Run it under the start-up lock so processes starting together do not both top up.
 */
export async function seedImageLibrary(
  db: Db,
  { perSlot = LIBRARY_LOW_MARK, ...options }: SeedImageLibraryOptions,
) {
  const counts = await db
    .select({
      rarity: botImageLibrary.rarity,
      botClass: botImageLibrary.botClass,
      unclaimed: sql<number>`count(*) filter (where not ${botImageLibrary.isClaimed})`.mapWith(Number),
    })
    .from(botImageLibrary)
    .groupBy(botImageLibrary.rarity, botImageLibrary.botClass);
  const have = new Map(counts.map((c) => [`${c.rarity}|${c.botClass}`, c.unclaimed]));
  let added = 0;
  for (const rarity of LIBRARY_RARITIES) {
    for (const botClass of BOT_CLASSES) {
      const amount = perSlot - (have.get(`${rarity}|${botClass}`) ?? 0);
      added += await addLibraryImages(db, { rarity, botClass, amount }, options);
    }
  }
  return { added };
}

/** The start-up seed step; register it in the features' seed steps. */
export const imageLibrarySeedStep: SeedStep = {
  name: "bot_image_library",
  async run({ db, media, log }) {
    const { added } = await seedImageLibrary(db, { media });
    if (added > 0) log.info({ added }, "bot image library topped up");
  },
};
