// The first bot, from /create-bot: free, common, hero, level 1, and active. Only while the roster is empty.
import { type Bot, botsMessages, type CreateBotBody } from "@bot-arena/contract";
import { newCreatedBot, validateBotCreation } from "@bot-arena/game";
import { bots } from "../../platform/db/schema";
import { conflict } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { publishToPlayer } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { generateBotImage, mechaInputOf } from "./bot-images";
import { newBotRow } from "./bot-rows";
import type { BotsDeps } from "./deps";
import { countBots, lockProfile, toBotDto } from "./queries";

export async function createFirstBot(deps: BotsDeps, userId: UserId, body: CreateBotBody): Promise<Bot> {
  const form = refuse(validateBotCreation(body));
  const now = deps.clock.now();
  const fresh = newCreatedBot(form, now.getTime());
  // Drawn before the transaction so no lock waits on the generator; the same input as the page's preview.
  const imageUrl = await generateBotImage(deps.images, mechaInputOf(fresh));
  return deps.db.transaction(async (tx) => {
    // The profile lock makes "first bot only" hold against a double click or a parallel summon.
    await lockProfile(tx, userId);
    if ((await countBots(tx, userId)) > 0) throw conflict(botsMessages.alreadyHasBot);
    const [row] = await tx
      .insert(bots)
      .values(newBotRow(userId, fresh, { createdAt: now, isActive: true, imageUrl }))
      .returning();
    await publishToPlayer(tx, userId, "bots");
    return toBotDto(row!, { isListed: false });
  });
}
