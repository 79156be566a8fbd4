// Keeping the bot image library stocked. Fusion claims one image per fusion, and one player once emptied the
// uncommon slot for everyone, so while the switch is on (the default; an admin may turn it off):
// - a background pass in every server process tops each rarity x class slot up to `TOP_UP_TARGET` available
//   images (after each fusion, and on a timer for what other processes claimed);
// - a fusion that finds its rarity empty gets a freshly generated image instead of a refusal.
// Images are drawn by the procedural generator outside any transaction; the short insert re-counts under a
// per-slot advisory lock, so processes topping up together never overfill a slot, and a dry fusion reserves
// its fresh image before it retries.
import { randomInt } from "node:crypto";
import { LIBRARY_LOW_MARK } from "@bot-arena/contract";
import { BOT_CLASSES } from "@bot-arena/images";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../platform/db/database";
import { logJobFailure } from "../../../platform/db/pg-error";
import { type BotClass, botImageLibrary } from "../../../platform/db/schema";
import type { MediaStore } from "../../../platform/media/store";
import {
  drawLibraryImages,
  LIBRARY_RARITIES,
  type LibraryImageRow,
  type LibraryRarity,
} from "../../bots/images";
import { readSetting, settingKeys } from "../settings";

/** Available images the top-up keeps in every slot: the low mark, so a topped-up slot is never flagged low. */
export const TOP_UP_TARGET = LIBRARY_LOW_MARK;

/** Numbering for new images: random, so a cleared library never redraws a picture a bot already wears. */
export const freshImageIndex = () => randomInt(2 ** 47);

const isLibraryRarity = (rarity: string): rarity is LibraryRarity =>
  (LIBRARY_RARITIES as readonly string[]).includes(rarity);

/** Draws one new image for a slot and stores it: the row to insert. Call it before a transaction opens. */
export async function drawLibraryImage(
  media: MediaStore,
  slot: { rarity: LibraryRarity; botClass: BotClass; isClaimed: boolean },
): Promise<LibraryImageRow> {
  const [row] = await drawLibraryImages({ ...slot, amount: 1, firstIndex: freshImageIndex() }, { media });
  return { ...row!, isClaimed: slot.isClaimed };
}

/** Inserts a drawn library image's row (in `tx` or on its own). */
export async function insertLibraryImage(tx: Db | Tx, drawn: LibraryImageRow) {
  const [row] = await tx.insert(botImageLibrary).values(drawn).returning({
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

type Log = {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
};

export type LibraryTopUp = ReturnType<typeof createLibraryTopUp>;

export function createLibraryTopUp(deps: {
  db: Db;
  media: MediaStore;
  /** Used until an admin flips the switch (IMAGE_LIBRARY_TOP_UP). */
  defaultEnabled: boolean;
  /** The timer between passes; 0 leaves only the nudges (after fusions). */
  intervalMs: number;
  log: Log;
}) {
  const { db, media, log } = deps;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let inFlight: Promise<number> | null = null;

  async function isEnabled(from: Db | Tx = db): Promise<boolean> {
    const setting = await readSetting<{ enabled?: unknown }>(from, settingKeys.libraryTopUp);
    return typeof setting?.enabled === "boolean" ? setting.enabled : deps.defaultEnabled;
  }

  /** One slot up to the target; returns how many images it added. */
  async function topUpSlot(rarity: LibraryRarity, botClass: BotClass): Promise<number> {
    const short = TOP_UP_TARGET - (await availableIn(db, rarity, botClass));
    if (short <= 0) return 0;
    // Drawn before the lock; under it only as many as are still missing go in (another process may have
    // topped up meanwhile: its spare drawings are media no row names, harmless).
    const drawn = await drawLibraryImages(
      { rarity, botClass, amount: short, firstIndex: freshImageIndex() },
      { media },
    );
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`image_library:${rarity}:${botClass}`}))`);
      const missing = TOP_UP_TARGET - (await availableIn(tx, rarity, botClass));
      const rows = drawn.slice(0, Math.max(0, missing));
      if (rows.length > 0) await tx.insert(botImageLibrary).values(rows);
      return rows.length;
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
        .catch((error: unknown) => logJobFailure(log, error, "image library top-up failed"))
        .finally(schedule);
    }, deps.intervalMs);
    timer.unref?.();
  }

  return {
    isEnabled,
    runOnce,

    /**
     * For a fusion whose rarity has no available image: a new image of the fusion's rarity and class, drawn
     * outside any transaction and recorded as already claimed, so no other fusion takes it before the
     * fusion's retry uses it. Null when the switch is off. `release` hands it back if the retry fails.
     */
    async reserveFresh(want: { rarity: string; botClass: BotClass }): Promise<string | null> {
      if (!isLibraryRarity(want.rarity) || !(await isEnabled())) return null;
      const drawn = await drawLibraryImage(media, { ...want, rarity: want.rarity, isClaimed: true });
      return (await insertLibraryImage(db, drawn)).imageUrl;
    },

    async release(imageUrl: string): Promise<void> {
      await db
        .update(botImageLibrary)
        .set({ isClaimed: false })
        .where(eq(botImageLibrary.imageUrl, imageUrl));
    },

    /** Asks for a pass soon (after a fusion claimed an image); passes never overlap within a process. */
    nudge(): void {
      if (!running) return;
      void runOnce().catch((error: unknown) => logJobFailure(log, error, "image library top-up failed"));
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
