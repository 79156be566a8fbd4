// BOT COMMAND's per-bot actions: make active, rename (5 coins), refresh (250 coins), recycle (+250 coins),
// and training a point. Each runs in one transaction holding the bot's row so parallel requests cannot
// interleave. Lock order is always profile, then bot: a path that moves coins (moveCoins updates the profile
// row) or changes the roster takes lockProfile first, so two requests never hold each other's next lock.

import type {
  BotActionResponse,
  RecycleResponse,
  RefreshResponse,
  RenameResponse,
} from "@bot-arena/contract";
import {
  Coins,
  messages,
  RECYCLE_REFUND,
  REFRESH_COST,
  RENAME_COST,
  refreshBot,
  type StatName,
  trainStat,
  validateRename,
} from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { pgCodes, pgErrorOf } from "../../platform/db/pg-error";
import { bots } from "../../platform/db/schema";
import { badRequest, conflict } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { publishToPlayer } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { releaseWeapons } from "../inventory/weapons";
import { assertNotEntered } from "../tournament/entered-bots";
import { regenerateBotImage } from "./bot-images";
import type { BotsDeps } from "./deps";
import { assertNotListed, botDtoOf, findOwnedBot, lockOwnedBot, lockProfile, refreshEnergy } from "./queries";
import { isPlaceholderName } from "./setup-stage";

/** RESTRICT foreign keys (tournament entries) answer 23001, NO ACTION ones 23503: either means "still in use". */
const holdsReference = (error: unknown) => {
  const code = pgErrorOf(error)?.code;
  return code === pgCodes.foreignKeyViolation || code === pgCodes.restrictViolation;
};

/** The start of a paid action on an unlisted bot of the player: the locks (profile, then bot) and the fee. */
async function payForBot(
  tx: Tx,
  userId: UserId,
  botId: string,
  fee: { cost: number; reason: string; message: string },
) {
  await lockProfile(tx, userId);
  const bot = await lockOwnedBot(tx, userId, botId);
  await assertNotListed(tx, bot.id);
  const newCoinBalance = await moveCoins(tx, {
    userId,
    account: "wallet",
    debit: Coins(fee.cost),
    reason: fee.reason,
    refType: "bot",
    refId: bot.id,
    message: fee.message,
  });
  return { bot, newCoinBalance };
}

export async function activateBot(deps: BotsDeps, userId: UserId, botId: string): Promise<BotActionResponse> {
  return deps.db.transaction(async (tx) => {
    // Same lock order as recycle (profile, then bot): an activation and a recycle of one bot cannot cross.
    await lockProfile(tx, userId);
    const bot = await lockOwnedBot(tx, userId, botId);
    await assertNotListed(tx, bot.id);
    if (!bot.isActive) {
      // Off first: the partial unique index allows one active bot per player at any instant.
      await tx
        .update(bots)
        .set({ isActive: false })
        .where(and(eq(bots.userId, userId), eq(bots.isActive, true)));
      await tx.update(bots).set({ isActive: true }).where(eq(bots.id, bot.id));
      await publishToPlayer(tx, userId, "bots");
    }
    return { message: messages.activeBotChanged, bot: await botDtoOf(tx, { ...bot, isActive: true }) };
  });
}

export async function renameBot(
  deps: BotsDeps,
  userId: UserId,
  botId: string,
  rawName: string,
): Promise<RenameResponse> {
  const name = refuse(validateRename(rawName));
  if (isPlaceholderName(name)) throw badRequest(messages.enterValidName);
  return deps.db.transaction(async (tx) => {
    const { bot, newCoinBalance } = await payForBot(tx, userId, botId, {
      cost: RENAME_COST,
      reason: "rename",
      message: messages.renameNeedsCoins,
    });
    await tx.update(bots).set({ name }).where(eq(bots.id, bot.id));
    await publishToPlayer(tx, userId, "bots");
    return { newName: name, newCoinBalance };
  });
}

export async function refreshRosterBot(
  deps: BotsDeps,
  userId: UserId,
  botId: string,
): Promise<RefreshResponse> {
  const paid = await deps.db.transaction(async (tx) => {
    const { bot, newCoinBalance } = await payForBot(tx, userId, botId, {
      cost: REFRESH_COST,
      reason: "refresh",
      message: messages.refreshNeedsCoins,
    });
    await assertNotEntered(tx, [bot.id], messages.refreshTournamentConflict);
    const rng = deps.rng();
    const refreshed = refreshBot(rng, bot);
    await tx.update(bots).set(refreshed).where(eq(bots.id, bot.id));
    await publishToPlayer(tx, userId, "bots");
    // A fresh seed: the new image differs even when the rarity comes out the same.
    return { botId: bot.id, rarity: refreshed.rarity, newCoinBalance, seed: `refresh-${rng.nextUint32()}` };
  });
  // Drawn after the commit, so the player's rows are never held by the generator.
  await regenerateBotImage(deps.db, paid.botId, { ...deps.images, seed: paid.seed });
  await publishToPlayer(deps.db, userId, "bots");
  return {
    message: messages.botRefreshed(paid.rarity),
    newCoinBalance: paid.newCoinBalance,
    updatedBot: await botDtoOf(deps.db, await findOwnedBot(deps.db, userId, paid.botId)),
  };
}

export async function recycleBot(deps: BotsDeps, userId: UserId, botId: string): Promise<RecycleResponse> {
  return deps.db.transaction(async (tx) => {
    await lockProfile(tx, userId);
    const bot = await lockOwnedBot(tx, userId, botId);
    if (bot.isActive) throw conflict(messages.cannotRecycleActive);
    await assertNotListed(tx, bot.id);
    await assertNotEntered(tx, [bot.id], messages.recycleTournamentConflict);
    // The item it held goes back to the inventory as unequipped, not "Equipped" to a bot that is gone.
    if (bot.equippedWeaponId !== null) await releaseWeapons(tx, userId, [bot.id]);
    try {
      await tx.delete(bots).where(eq(bots.id, bot.id));
    } catch (error) {
      // A tournament entry still holds the bot (its foreign key does not cascade on purpose).
      if (holdsReference(error)) {
        throw conflict(messages.recycleTournamentConflict);
      }
      throw error;
    }
    const newCoinBalance = await moveCoins(tx, {
      userId,
      account: "wallet",
      credit: Coins(RECYCLE_REFUND),
      reason: "recycle",
      refType: "bot",
      refId: bot.id,
    });
    await publishToPlayer(tx, userId, "bots");
    return { message: messages.botRecycled, newCoinBalance };
  });
}

export async function trainBot(
  deps: BotsDeps,
  userId: UserId,
  botId: string,
  stat: StatName,
): Promise<BotActionResponse> {
  return deps.db.transaction(async (tx) => {
    // The lock order: the owner's profile before the bot (guild power triggers touch the guild row too).
    await lockProfile(tx, userId);
    const locked = await lockOwnedBot(tx, userId, botId);
    const bot = await refreshEnergy(tx, locked, deps.clock.now());
    const trained = refuse(trainStat(bot, stat));
    const [row] = await tx
      .update(bots)
      .set({ ...trained, lastEnergyUpdate: bot.lastEnergyUpdate })
      .where(eq(bots.id, bot.id))
      .returning();
    await publishToPlayer(tx, userId, "bots");
    return { message: messages.statTrained(stat), bot: await botDtoOf(tx, row!) };
  });
}
