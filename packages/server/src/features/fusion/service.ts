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
import type { Db, Tx } from "../../platform/db/database";
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

/** The library's automatic top-up (admin image library): a fresh image when a rarity runs dry, and a refill. */
export type LibraryRefill = {
  claimFresh(tx: Tx, want: { rarity: string; botClass: BotRow["class"] }): Promise<string | null>;
  nudge(): void;
};

export function createFusionService(deps: { db: Db; clock: Clock; library?: LibraryRefill }) {
  return {
    async fuse(userId: UserId, body: FusionBody): Promise<FusionResponse> {
      if (body.bot1Id === body.bot2Id) throw conflict(messages.cannotFuse);
      const fusion = await deps.db.transaction(async (tx) => {
        await lockProfile(tx, userId);
        // Bots locked in id order, so two fusions sharing a bot cannot deadlock.
        const locked = new Map<string, BotRow>();
        for (const id of [body.bot1Id, body.bot2Id].sort())
          locked.set(id, await lockOwnedBot(tx, userId, id));
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
          (await claimLibraryImage(tx, {
            rarity: fused.rarity,
            botClass: fused.botClass,
            model: fused.model,
          })) ??
          (await deps.library?.claimFresh(tx, { rarity: fused.rarity, botClass: fused.botClass })) ??
          null;
        if (imageUrl === null) throw conflict(messages.noImagesForRarity(fused.rarity));

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
        return { bot: toBotDto(row!, { isListed: false }), message: messages.fusionSuccessful };
      });
      deps.library?.nudge();
      return fusion;
    },
  };
}
