// A bot's picture: drawn by the images module from the bot's row (and its equipped weapon), stored under
// /media, and written to image_url. Creation, summon naming, refresh and equip all come through here, and all
// draw outside their transaction: before it opens, or after it commits.

import type { MechaInput, WeaponInput } from "@bot-arena/images";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { bots, equipment } from "../../platform/db/schema";
import type { BotId } from "../../platform/ids";
import type { MediaStore } from "../../platform/media/store";
import { type ImageProvider, storeBotImage, svgProvider } from "./images";

export type BotImageDeps = {
  /** The platform's media store; images land in its bots/ folder. */
  media: MediaStore;
  provider?: ImageProvider;
  log?: { warn(obj: unknown, msg?: string): void };
};

type ImageSource = {
  name: string;
  model: string;
  colorPrimary: string;
  colorSecondary: string;
  rarity?: string | null;
  botClass?: string | null;
};

export function mechaInputOf(bot: ImageSource, weapon: WeaponInput | null = null, seed = ""): MechaInput {
  return {
    botName: bot.name,
    model: bot.model,
    colorPrimary: bot.colorPrimary,
    colorSecondary: bot.colorSecondary,
    rarity: bot.rarity ?? null,
    botClass: bot.botClass ?? null,
    equippedWeapon: weapon,
    seed,
  };
}

/**
 * Draws and stores the image; null when that fails, because the spec carries on without an image ('Failed to
 * generate bot image, using default') rather than failing the action that asked for it.
 */
export async function generateBotImage(deps: BotImageDeps, input: MechaInput): Promise<string | null> {
  try {
    return await storeBotImage(deps.media, deps.provider ?? svgProvider, input);
  } catch (error) {
    deps.log?.warn({ err: error }, "bot image generation failed");
    return null;
  }
}

/** The weapon a bot holds, as the image draws it; null when it holds none. */
export async function equippedWeaponOf(db: Db, weaponId: string | null): Promise<WeaponInput | null> {
  if (weaponId === null) return null;
  const rows = await db
    .select({
      name: equipment.name,
      type: equipment.type,
      rarity: equipment.rarity,
      ultimateType: equipment.ultimateAbilityType,
    })
    .from(equipment)
    .where(eq(equipment.id, weaponId));
  return rows[0] ?? null;
}

/**
 * Redraws a bot's image from its row as it stands (name, model, colours, rarity, class and equipped weapon)
 * and stores the URL. Call it after the transaction that changed the bot has committed, never inside one:
 * drawing must not hold the player's rows. The URL is written only if the bot still looks as drawn, so a change
 * committed meanwhile (which redraws itself) is never painted over with a stale picture. `seed` varies pose and
 * decals (refresh passes a fresh one so the new image differs even at the same rarity). Keeps the old image
 * when drawing fails; returns the URL the bot now has, or null when it has none.
 */
export async function regenerateBotImage(
  db: Db,
  botId: BotId,
  deps: BotImageDeps & { seed?: string },
  /** The bot's row as its own committed transaction left it, when the caller has it: saves a read. */
  known?: typeof bots.$inferSelect,
): Promise<string | null> {
  const [bot] = known ? [known] : await db.select().from(bots).where(eq(bots.id, botId));
  if (!bot) return null;
  const weapon = await equippedWeaponOf(db, bot.equippedWeaponId);
  const url = await generateBotImage(
    deps,
    mechaInputOf({ ...bot, botClass: bot.class }, weapon, deps.seed ?? ""),
  );
  if (url === null) {
    await db
      .update(bots)
      .set({ imageGenerationAttempts: sql`${bots.imageGenerationAttempts} + 1` })
      .where(eq(bots.id, botId));
    return bot.imageUrl;
  }
  if (url === bot.imageUrl) return url;
  const sameLook = and(
    eq(bots.id, botId),
    eq(bots.name, bot.name),
    eq(bots.model, bot.model),
    eq(bots.colorPrimary, bot.colorPrimary),
    eq(bots.colorSecondary, bot.colorSecondary),
    eq(bots.rarity, bot.rarity),
    eq(bots.class, bot.class),
    bot.equippedWeaponId === null
      ? isNull(bots.equippedWeaponId)
      : eq(bots.equippedWeaponId, bot.equippedWeaponId),
  );
  const [stored] = await db
    .update(bots)
    .set({ imageUrl: url })
    .where(sameLook)
    .returning({ imageUrl: bots.imageUrl });
  if (stored) return stored.imageUrl;
  const [now] = await db.select({ imageUrl: bots.imageUrl }).from(bots).where(eq(bots.id, botId));
  return now?.imageUrl ?? null;
}
