// Which of the player's bots the fusion grid lets them pick. The rulebook's own checks decide the pair; the
// page adds the house rules (not the active bot, nothing on the market, nothing half set up) and says why.
import type { Bot } from "@bot-arena/contract";
import {
  BotId,
  type BotModelName,
  type BotRarity,
  checkFusion,
  FUSION_LEGENDARY_MIN_LEVEL,
  type FusedBot,
  fuseBots,
  fusionTarget,
  UserId,
} from "@bot-arena/game";

/** Every bot on the page is the player's own, so one owner id stands for all of them. */
const OWNER = UserId("me");

const asParent = (bot: Bot) => ({
  ...bot,
  id: BotId(bot.id),
  userId: OWNER,
  rarity: bot.rarity as BotRarity,
  model: bot.model as BotModelName,
  botClass: bot.botClass as "hero" | "villain" | "support",
});

/** Why this bot cannot go into the fusion chamber at all, or null when it can. */
export function fusionBlocker(bot: Bot): string | null {
  if (bot.isActive) return "Active bot";
  if (bot.isListed) return "On the market";
  if (bot.setupStage !== null) return "Finish setup first";
  if (fusionTarget(bot.rarity as BotRarity) === null) {
    return bot.rarity === "diamond" ? "Already diamond" : `${bot.rarity} can't fuse`;
  }
  if (bot.rarity === "legendary" && bot.level < FUSION_LEGENDARY_MIN_LEVEL)
    return `Needs Lv. ${FUSION_LEGENDARY_MIN_LEVEL}`;
  return null;
}

/** Why `candidate` cannot join `first` in the chamber, or null when the pair may fuse. */
export function pairBlocker(first: Bot, candidate: Bot): string | null {
  const own = fusionBlocker(candidate);
  if (own) return own;
  if (candidate.rarity !== first.rarity) return "Different rarity";
  return checkFusion(asParent(first), asParent(candidate)).ok ? null : "Can't pair";
}

/** The bot the server would make from this pair (a preview only: the server computes the real one). */
export function previewFusion(first: Bot, second: Bot, now: number): FusedBot | null {
  const result = fuseBots(asParent(first), asParent(second), now);
  return result.ok ? result.value : null;
}

/** A fusion-born bot still waiting for its name (summoned ones also wait for their bonus points). */
export const awaitsFusionName = (bot: Bot): boolean => bot.setupStage === "name" && bot.statPointsAllocated;
