// Bot customization: a new name and one of the eight colour schemes. The first customization of a bot is free;
// after that a real rename costs 5 coins and a real colour change 5, charged here (never by the client) in the
// transaction that saves the change. The image is redrawn after the commit, so drawing never holds the
// player's rows: the redraw only lands if the bot still has the name and colours it drew.

import type { CustomizePreviewQuery, CustomizeResponse } from "@bot-arena/contract";
import { botsMessages, type customizeBody, customizeMessages } from "@bot-arena/contract";
import {
  Coins,
  CUSTOMIZATION_COLOR_SCHEMES,
  type CustomizationColorSchemeName,
  messages,
  planCustomization,
} from "@bot-arena/game";
import { renderMechaSvg } from "@bot-arena/images";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { bots } from "../../platform/db/schema";
import { badRequest, conflict } from "../../platform/errors";
import type { BotId, UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { publishToPlayer } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { type BotImageDeps, equippedWeaponOf, generateBotImage, mechaInputOf } from "../bots/bot-images";
import {
  assertNotListed,
  type BotRow,
  botDtoOf,
  findOwnedBot,
  lockOwnedBot,
  lockProfile,
} from "../bots/queries";
import { isPlaceholderName, setupStageOf } from "../bots/setup-stage";

export type CustomizeDeps = { db: Db; clock: Clock; images: BotImageDeps };
export type CustomizeService = ReturnType<typeof createCustomizeService>;

/** The ledger reason of a re-customization fee (coins destroyed, like the roster's rename fee). */
export const CUSTOMIZATION_REASON = "customization";

type Look = Pick<BotRow, "name" | "colorPrimary" | "colorSecondary">;

function schemeColors(name: string | null | undefined) {
  return CUSTOMIZATION_COLOR_SCHEMES.find((scheme) => scheme.name === name) ?? null;
}

/** Redraws the bot as it stands and stores the URL, unless someone changed its look in the meantime. */
async function redraw(deps: CustomizeDeps, botId: BotId, drawn: Look): Promise<boolean> {
  const [bot] = await deps.db.select().from(bots).where(eq(bots.id, botId));
  if (!bot) return false;
  const weapon = await equippedWeaponOf(deps.db, bot.equippedWeaponId);
  const url = await generateBotImage(
    deps.images,
    mechaInputOf({ ...bot, ...drawn, botClass: bot.class }, weapon),
  );
  const sameLook = and(
    eq(bots.id, botId),
    eq(bots.name, drawn.name),
    eq(bots.colorPrimary, drawn.colorPrimary),
    eq(bots.colorSecondary, drawn.colorSecondary),
  );
  if (url === null) {
    await deps.db
      .update(bots)
      .set({ imageGenerationAttempts: sql`${bots.imageGenerationAttempts} + 1` })
      .where(eq(bots.id, botId));
    return false;
  }
  await deps.db.update(bots).set({ imageUrl: url }).where(sameLook);
  return true;
}

export function createCustomizeService(deps: CustomizeDeps) {
  return {
    async customize(
      userId: UserId,
      botId: string,
      body: z.output<typeof customizeBody>,
    ): Promise<CustomizeResponse> {
      const saved = await deps.db.transaction(async (tx) => {
        const { coins } = await lockProfile(tx, userId);
        const bot = await lockOwnedBot(tx, userId, botId);
        await assertNotListed(tx, bot.id);
        if (setupStageOf(bot) === "name") throw conflict(botsMessages.nameFirst);
        const firstCustomization = bot.customizedAt === null;
        const plan = planCustomization({
          bot,
          newName: body.name ?? "",
          colorScheme: body.colorScheme as CustomizationColorSchemeName | null,
          isReCustomization: !firstCustomization,
          coins,
        });
        const value = refuse(plan);
        if (value.renamed && isPlaceholderName(value.name)) throw badRequest(botsMessages.placeholderName);
        const changed = value.renamed || value.recolored;
        let newCoinBalance = coins;
        if (value.cost > 0) {
          newCoinBalance = await moveCoins(tx, {
            userId,
            account: "wallet",
            debit: Coins(value.cost),
            reason: CUSTOMIZATION_REASON,
            refType: "bot",
            refId: bot.id,
            message: messages.insufficientCoins,
          });
        }
        if (changed || firstCustomization) {
          await tx
            .update(bots)
            .set({
              name: value.name,
              colorPrimary: value.colorPrimary,
              colorSecondary: value.colorSecondary,
              customizedAt: bot.customizedAt ?? deps.clock.now(),
            })
            .where(eq(bots.id, bot.id));
          await publishToPlayer(tx, userId, "bots");
        }
        return { botId: bot.id, value, changed, firstCustomization, newCoinBalance };
      });

      const { value } = saved;
      const imageGenerated = saved.changed ? await redraw(deps, saved.botId, value) : true;
      if (saved.changed) await publishToPlayer(deps.db, userId, "bots");
      const bot = await botDtoOf(deps.db, await findOwnedBot(deps.db, userId, saved.botId));
      return {
        message: saved.changed
          ? saved.firstCustomization
            ? customizeMessages.customized(value.name)
            : customizeMessages.saved(value.name)
          : saved.firstCustomization
            ? customizeMessages.customized(value.name)
            : customizeMessages.noChanges,
        bot,
        cost: value.cost,
        changes: [...value.changes],
        firstCustomization: saved.firstCustomization,
        newCoinBalance: saved.newCoinBalance,
        imageGenerated,
      };
    },

    /** The dialog's live preview: the bot as it would be drawn with this name and scheme. */
    async preview(userId: UserId, botId: string, query: CustomizePreviewQuery): Promise<string> {
      const bot = await findOwnedBot(deps.db, userId, botId);
      const scheme = schemeColors(query.colorScheme);
      const weapon = await equippedWeaponOf(deps.db, bot.equippedWeaponId);
      return renderMechaSvg(
        mechaInputOf(
          {
            ...bot,
            name: query.name.trim() || bot.name,
            colorPrimary: scheme?.primary ?? bot.colorPrimary,
            colorSecondary: scheme?.secondary ?? bot.colorSecondary,
            botClass: bot.class,
          },
          weapon,
        ),
      );
    },
  };
}
