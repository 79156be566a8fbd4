// What a guild war is, in the words every page uses (the guild page, its war bar, the empty /guild-wars): it
// costs nothing, when it starts, and what the arena pays. The numbers come from the rulebook, never retyped.
import {
  GUILD_WAR_ELIGIBILITY_BANK,
  GUILD_WAR_REWARDS,
  GUILD_WAR_STAKE,
  GUILDS_PER_WAR,
} from "@bot-arena/game";
import { formatCoins } from "../bank/coins";

export type WarRewards = { first: number; second: number; third: number };

/** The three place rewards as '2,000 / 1,000 / 500'. */
export const rewardsLine = (rewards: WarRewards): string =>
  [rewards.first, rewards.second, rewards.third].map(formatCoins).join(" / ");

/** One sentence: what a war is and that it costs nothing. */
export const warRules = (rewards: WarRewards = GUILD_WAR_REWARDS): string =>
  `A guild war costs nothing: when ${GUILDS_PER_WAR} guilds have ${formatCoins(GUILD_WAR_ELIGIBILITY_BANK)} coins ` +
  `or more in their banks, the strongest ${GUILDS_PER_WAR} are enlisted and fight a round robin; the arena pays ` +
  `1st, 2nd and 3rd (${rewardsLine(rewards)} coins) into their banks.`;

/** When the next war starts, for a guild's war bar. */
export const nextWarStarts = `The next war starts as soon as ${GUILDS_PER_WAR} guilds are enlisted.`;

/** What the bar toward eligibility leads to. */
export const enlistHint = `At ${formatCoins(GUILD_WAR_ELIGIBILITY_BANK)} coins the guild is enlisted for the next war, free of charge. ${nextWarStarts}`;

/** The 500-coin stake each bank paid into a war opened before the house paid the prizes (funding "stakes"). */
export const OLD_RULE_STAKE = GUILD_WAR_STAKE;

/** A 'stakes' war in History says how it was paid for. */
export const oldRuleNote = `Fought under the old rule: each guild paid a ${formatCoins(OLD_RULE_STAKE)}-coin stake from its bank to enter, and the prizes came from the stakes. Wars cost nothing now.`;
