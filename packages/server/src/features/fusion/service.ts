// Fusion: two of the player's bots become one bot a rung up the ladder. The rulebook computes the new bot, the
// library gives it a picture, the two parents are released from their weapons and removed, all in one
// transaction. The new bot awaits its name ('<model> (Unnamed)'), given through POST /api/bots/:id/name.
import type { FusionBody, FusionResponse } from "@bot-arena/contract";
import { botsMessages, fusionMessages } from "@bot-arena/contract";
import {
  type BotModelName,
  type BotRarity,
  fuseBots,
  BotId as GameBotId,
  UserId as GameUserId,
  messages,
} from "@bot-arena/game";
import { inArray } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { pgCodes, pgErrorOf } from "../../platform/db/pg-error";
import { bots } from "../../platform/db/schema";
import { conflict } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { publishToPlayer } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { newBotRow } from "../bots/bot-rows";
import { type BotRow, isListed, lockOwnedBot, lockProfile, toBotDto } from "../bots/queries";
import { setupStageOf } from "../bots/setup-stage";
import { releaseWeapons } from "../inventory/weapons";
import { assertNotEntered } from "../tournament/entered-bots";
import { claimLibraryImage } from "./library-image";

export type FusionService = ReturnType<typeof createFusionService>;

const asParent = (bot: BotRow) => ({
  ...bot,
  id: GameBotId(bot.id),
  userId: GameUserId(bot.userId),
  rarity: bot.rarity as BotRarity,
  model: bot.model as BotModelName,
  botClass: bot.class,
});

/**
 * The library's automatic top-up (admin image library): a fresh image when a rarity runs dry (drawn outside
 * the fusion's transaction and reserved for it), and a refill.
 */
export type LibraryRefill = {
  reserveFresh(want: { rarity: string; botClass: BotRow["class"] }): Promise<string | null>;
  release(imageUrl: string): Promise<void>;
  nudge(): void;
};

type Attempt = { fused: FusionResponse } | { dry: { rarity: string; botClass: BotRow["class"] } };

export function createFusionService(deps: { db: Db; clock: Clock; library?: LibraryRefill }) {
  /**
   * One try in one transaction. With `reserved` (an image drawn for this fusion) the bot wears it; without,
   * it claims one from the library, and a dry rarity ends the try (nothing written) so the picture can be
   * drawn outside the transaction.
   */
  const attempt = (userId: UserId, body: FusionBody, reserved: string | null): Promise<Attempt> =>
    deps.db.transaction(async (tx) => {
      await lockProfile(tx, userId);
      // Bots locked in id order, so two fusions sharing a bot cannot deadlock.
      const locked = new Map<string, BotRow>();
      for (const id of [body.bot1Id, body.bot2Id].sort()) locked.set(id, await lockOwnedBot(tx, userId, id));
      const first = locked.get(body.bot1Id)!;
      const second = locked.get(body.bot2Id)!;

      for (const parent of [first, second]) {
        if (await isListed(tx, parent.id)) throw conflict(botsMessages.botListed);
        if (parent.isActive) throw conflict(fusionMessages.cannotFuseActive);
        if (setupStageOf(parent) !== null) throw conflict(fusionMessages.finishSetupFirst);
      }
      await assertNotEntered(tx, [first.id, second.id], fusionMessages.tournamentConflict);
      const now = deps.clock.now();
      const fused = refuse(fuseBots(asParent(first), asParent(second), now.getTime()));
      const imageUrl =
        reserved ??
        (await claimLibraryImage(tx, {
          rarity: fused.rarity,
          botClass: fused.botClass,
          model: fused.model,
        }));
      if (imageUrl === null) return { dry: { rarity: fused.rarity, botClass: fused.botClass } };

      await releaseWeapons(tx, userId, [first.id, second.id]);
      try {
        await tx.delete(bots).where(inArray(bots.id, [first.id, second.id]));
      } catch (error) {
        // A tournament entry still holds one of them (that foreign key does not cascade on purpose).
        if (pgErrorOf(error)?.code === pgCodes.foreignKeyViolation)
          throw conflict(fusionMessages.tournamentConflict);
        throw error;
      }
      const [row] = await tx
        .insert(bots)
        .values(newBotRow(userId, fused, { createdAt: now, isActive: false, imageUrl }))
        .returning();
      await publishToPlayer(tx, userId, "bots");
      return { fused: { bot: toBotDto(row!, { isListed: false }), message: messages.fusionSuccessful } };
    });

  return {
    async fuse(userId: UserId, body: FusionBody): Promise<FusionResponse> {
      if (body.bot1Id === body.bot2Id) throw conflict(messages.cannotFuse);
      let outcome = await attempt(userId, body, null);
      if ("dry" in outcome) {
        const reserved = (await deps.library?.reserveFresh(outcome.dry)) ?? null;
        if (reserved === null) throw conflict(messages.noImagesForRarity(outcome.dry.rarity));
        try {
          outcome = await attempt(userId, body, reserved);
        } catch (error) {
          await deps.library?.release(reserved);
          throw error;
        }
        if ("dry" in outcome) throw conflict(messages.noImagesForRarity(outcome.dry.rarity));
      }
      deps.library?.nudge();
      return outcome.fused;
    },
  };
}
