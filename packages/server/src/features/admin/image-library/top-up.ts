// Keeping the bot image library stocked. Fusion claims one image per fusion, and one player once emptied the
// uncommon slot for everyone, so while the switch is on (the default; an admin may turn it off):
// - a background pass in every server process tops each rarity x class slot up to `TOP_UP_TARGET` available
//   images (after each fusion, and on a timer for what other processes claimed);
// - a fusion that finds its rarity empty gets a freshly generated image on the spot instead of a refusal.
// Images are drawn by the procedural generator outside any transaction; the short insert re-counts under a
// per-slot advisory lock, so processes topping up together never overfill a slot.
import { randomInt } from "node:crypto";
import { LIBRARY_LOW_MARK } from "@bot-arena/contract";
import { BOT_CLASSES } from "@bot-arena/images";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../platform/db/database";
import { type BotClass, botImageLibrary } from "../../../platform/db/schema";
import {
  addLibraryImages,
  LIBRARY_RARITIES,
  type LibraryRarity,
  libraryImageInput,
  storeBotImage,
  svgProvider,
} from "../../bots/images";
import { readSetting, settingKeys } from "../settings";

/** Available images the top-up keeps in every slot: the low mark, so a topped-up slot is never flagged low. */
export const TOP_UP_TARGET = LIBRARY_LOW_MARK;

/** Numbering for new images: random, so a cleared library never redraws a picture a bot already wears. */
export const freshImageIndex = () => randomInt(2 ** 47);

const isLibraryRarity = (rarity: string): rarity is LibraryRarity =>
  (LIBRARY_RARITIES as readonly string[]).includes(rarity);

/** Draws one new image for a slot, stores its file and inserts its row (claimed or not) in `tx`. */
export async function generateLibraryImage(
  tx: Db | Tx,
  mediaDir: string,
  slot: { rarity: LibraryRarity; botClass: BotClass; isClaimed: boolean },
) {
  const input = libraryImageInput(slot.rarity, slot.botClass, freshImageIndex());
  const imageUrl = await storeBotImage(mediaDir, svgProvider, input);
  const [row] = await tx
    .insert(botImageLibrary)
    .values({
      ...slot,
      model: input.model,
      colorPrimary: input.colorPrimary,
      colorSecondary: input.colorSecondary,
      imageUrl,
    })
    .returning({
      id: botImageLibrary.id,
      rarity: botImageLibrary.rarity,
      botClass: botImageLibrary.botClass,
      imageUrl: botImageLibrary.imageUrl,
    });
  return row!;
}

/** Images of one slot not yet claimed by a fusion. */
export async function availableIn(from: Db | Tx, rarity: LibraryRarity, botClass: BotClass): Promise<number> {
  const [row] = await from
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(botImageLibrary)
    .where(
      and(
        eq(botImageLibrary.rarity, rarity),
        eq(botImageLibrary.botClass, botClass),
        eq(botImageLibrary.isClaimed, false),
      ),
    );
  return row?.n ?? 0;
}

type Log = { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

export type LibraryTopUp = ReturnType<typeof createLibraryTopUp>;

export function createLibraryTopUp(deps: {
  db: Db;
  mediaDir: string;
  /** Used until an admin flips the switch (IMAGE_LIBRARY_TOP_UP). */
  defaultEnabled: boolean;
  /** The timer between passes; 0 leaves only the nudges (after fusions). */
  intervalMs: number;
  log: Log;
}) {
  const { db, mediaDir, log } = deps;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let inFlight: Promise<number> | null = null;

  async function isEnabled(from: Db | Tx = db): Promise<boolean> {
    const setting = await readSetting<{ enabled?: unknown }>(from, settingKeys.libraryTopUp);
    return typeof setting?.enabled === "boolean" ? setting.enabled : deps.defaultEnabled;
  }

  /** One slot up to the target; returns how many images it added. */
  async function topUpSlot(rarity: LibraryRarity, botClass: BotClass): Promise<number> {
    if ((await availableIn(db, rarity, botClass)) >= TOP_UP_TARGET) return 0;
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`image_library:${rarity}:${botClass}`}))`);
      const missing = TOP_UP_TARGET - (await availableIn(tx, rarity, botClass));
      return addLibraryImages(
        tx,
        { rarity, botClass, amount: missing, firstIndex: freshImageIndex() },
        { mediaDir },
      );
    });
  }

  /** Every slot, if the switch is on; returns how many images were added. */
  async function pass(): Promise<number> {
    if (!(await isEnabled())) return 0;
    let added = 0;
    for (const rarity of LIBRARY_RARITIES) {
      for (const botClass of BOT_CLASSES) added += await topUpSlot(rarity, botClass);
    }
    if (added > 0) log.info({ added }, "image library topped up");
    return added;
  }

  function runOnce(): Promise<number> {
    inFlight ??= pass().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function schedule(): void {
    if (!running || deps.intervalMs <= 0) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, "image library top-up failed"))
        .finally(schedule);
    }, deps.intervalMs);
    timer.unref?.();
  }

  return {
    isEnabled,
    runOnce,

    /**
     * For a fusion whose rarity has no available image: a new image of the fusion's rarity and class, stored
     * and recorded as already claimed in the fusion's transaction. Null when the switch is off.
     */
    async claimFresh(tx: Tx, want: { rarity: string; botClass: BotClass }): Promise<string | null> {
      if (!isLibraryRarity(want.rarity) || !(await isEnabled(tx))) return null;
      const row = await generateLibraryImage(tx, mediaDir, { ...want, rarity: want.rarity, isClaimed: true });
      return row.imageUrl;
    },

    /** Asks for a pass soon (after a fusion claimed an image); passes never overlap within a process. */
    nudge(): void {
      if (!running) return;
      void runOnce().catch((error: unknown) => log.error({ err: error }, "image library top-up failed"));
    },

    start(): void {
      if (running) return;
      running = true;
      schedule();
    },

    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight?.catch(() => undefined);
    },
  };
}
