// Summoning: pay, roll, insert the bots with their images and a summon_rolls row each; then, per bot, the
// naming and bonus-point steps of the summon flow.

import { randomUUID } from "node:crypto";
import {
  type AllocateBody,
  type Bot,
  botsMessages,
  type SummonBody,
  type SummonResponse,
} from "@bot-arena/contract";
import {
  applyBonusPoints,
  Coins,
  checkSummon,
  messages,
  newSummonedBot,
  type SummonCount,
  summonBots,
  summonPrice,
  validateBonusAllocation,
  validateSummonName,
} from "@bot-arena/game";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { botImageLibrary, bots, summonRolls } from "../../platform/db/schema";
import { badRequest, conflict } from "../../platform/errors";
import type { BotId, UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { publishToPlayer } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { generateBotImage, mechaInputOf, regenerateBotImage } from "./bot-images";
import { newBotRow } from "./bot-rows";
import type { BotsDeps } from "./deps";
import { countBots, lockOwnedBot, lockProfile, toBotDto } from "./queries";
import { isPlaceholderName, setupStageOf } from "./setup-stage";
import { pityStreakOf } from "./summon-history";

/** A single summon rolled on a pity counter that another summon of the player's moved meanwhile. */
const STALE_PITY = Symbol("stale pity");
/** Each retry follows another summon of the same player that committed: two in a row are already rare. */
const PITY_ATTEMPTS = 5;

export async function summon(deps: BotsDeps, userId: UserId, body: SummonBody): Promise<SummonResponse> {
  for (let attempt = 1; ; attempt++) {
    const result = await summonOnce(deps, userId, body);
    if (result !== STALE_PITY) return result;
    if (attempt === PITY_ATTEMPTS) throw conflict(botsMessages.summonBusy);
  }
}

async function summonOnce(
  deps: BotsDeps,
  userId: UserId,
  body: SummonBody,
): Promise<SummonResponse | typeof STALE_PITY> {
  const count: SummonCount = body.count;
  const now = deps.clock.now();
  // Only a single summon reads the pity counter (the 10x has its own guarantee).
  const single = count === 1;
  const pityStreak = single ? await pityStreakOf(deps.db, userId) : 0;
  // Rolled and drawn before the transaction: neither depends on the database, and the profile lock below
  // should be held for the bookkeeping only. The counter they used is checked again under the lock.
  const rolled = summonBots(deps.rng(), count, pityStreak);
  const rows = await Promise.all(
    rolled.map(async (summoned, i) => {
      const fresh = newSummonedBot(summoned, now.getTime());
      const imageUrl = await generateBotImage(deps.images, mechaInputOf(fresh));
      // One millisecond apart, so the roster (newest first) and the reveal keep the roll order.
      const row = newBotRow(userId, fresh, {
        createdAt: new Date(now.getTime() + i),
        isActive: false,
        imageUrl,
      });
      // Its id chosen here, so its summon_rolls row can travel with it (below).
      return { ...row, id: randomUUID() as BotId, rarity: fresh.rarity };
    }),
  );
  const mode = single ? "single" : "ten";

  return deps.db.transaction(async (tx) => {
    // Serialises every roster-changing request of this player: the count below cannot go stale.
    const [{ coins }, ownedBots] = await Promise.all([lockProfile(tx, userId), countBots(tx, userId)]);
    refuse(checkSummon({ count, ownedBots, coins }));
    if (single && (await pityStreakOf(tx, userId)) !== pityStreak) return STALE_PITY;
    const price = summonPrice(count);
    // The payment, the bots and their rolls in one flight (platform/db/flight.ts).
    const [newCoinBalance] = await Promise.all([
      moveCoins(tx, {
        userId,
        account: "wallet",
        debit: Coins(price),
        reason: "summon",
        refType: "summon",
        refId: mode,
        message: messages.needCoins(price),
      }),
      tx.insert(bots).values(rows),
      tx.insert(summonRolls).values(
        rows.map((bot, i) => ({
          userId,
          botId: bot.id,
          mode,
          rarity: bot.rarity,
          createdAt: new Date(now.getTime() + i),
        })),
      ),
    ]);
    await publishToPlayer(tx, userId, "bots");
    return { newCoinBalance, botIds: rows.map((bot) => bot.id) };
  });
}

/**
 * Names a bot still carrying its placeholder (summoned or fused). A summoned bot is redrawn with its name, after
 * the commit; a fused bot keeps the library image it was born with, which the player already saw in the fusion
 * chamber.
 */
export async function nameBot(deps: BotsDeps, userId: UserId, botId: string, rawName: string): Promise<Bot> {
  const name = refuse(validateSummonName(rawName));
  if (isPlaceholderName(name)) throw badRequest(botsMessages.placeholderName);
  const named = await deps.db.transaction(async (tx) => {
    // The lock order: the owner's profile before the bot, in one flight.
    const [, bot] = await Promise.all([lockProfile(tx, userId), lockOwnedBot(tx, userId, botId)]);
    if (setupStageOf(bot) !== "name") throw conflict(botsMessages.alreadyNamed);
    // The name only: the picture the library check reads is the one just locked.
    const [[row], fromLibrary] = await Promise.all([
      tx.update(bots).set({ name }).where(eq(bots.id, bot.id)).returning(),
      isLibraryImage(tx, bot.imageUrl),
    ]);
    const redraw = !fromLibrary;
    // A redrawn bot is announced once, with its picture.
    if (!redraw) await publishToPlayer(tx, userId, "bots");
    return { row: row!, redraw };
  });
  let { row } = named;
  if (named.redraw) {
    const imageUrl = await regenerateBotImage(deps.db, row.id as BotId, deps.images, row);
    row = { ...row, imageUrl };
    await publishToPlayer(deps.db, userId, "bots");
  }
  // Just named, it still has its bonus points to place: no bot in setup can be on the marketplace.
  return toBotDto(row, { isListed: false });
}

async function isLibraryImage(db: Db, imageUrl: string | null): Promise<boolean> {
  if (!imageUrl) return false;
  const found = await db
    .select({ id: botImageLibrary.id })
    .from(botImageLibrary)
    .where(eq(botImageLibrary.imageUrl, imageUrl))
    .limit(1);
  return found.length > 0;
}

/** Places a summoned bot's 10 bonus points, once, after it is named. */
export async function allocateBonus(
  deps: BotsDeps,
  userId: UserId,
  botId: string,
  body: AllocateBody,
): Promise<Bot> {
  return deps.db.transaction(async (tx) => {
    const [, bot] = await Promise.all([lockProfile(tx, userId), lockOwnedBot(tx, userId, botId)]);
    const stage = setupStageOf(bot);
    if (bot.statPointsAllocated) throw conflict(botsMessages.alreadyAllocated);
    if (stage === "name") throw conflict(botsMessages.nameFirst);
    const bonus = refuse(validateBonusAllocation(body));
    const { stats } = applyBonusPoints(bot, bonus);
    const [row] = await tx
      .update(bots)
      .set({ ...stats, statPointsAllocated: true })
      .where(eq(bots.id, bot.id as BotId))
      .returning();
    await publishToPlayer(tx, userId, "bots");
    // It was in setup until this write, and no bot in setup can be on the marketplace.
    return toBotDto(row!, { isListed: false });
  });
}
