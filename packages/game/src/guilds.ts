// Guilds and guild wars: joining and founding, war eligibility (500 in the bank), the start condition
// (8 eligible guilds), which guilds fight, and the placements and prizes when a war ends.
import {
  GUILD_CREATION_COST,
  GUILD_WAR_ELIGIBILITY_BANK,
  GUILD_WAR_REWARDS,
  GUILDS_PER_WAR,
} from "./constants";
import { messages } from "./messages";
import { type Check, Coins, fail, type GuildId, pass } from "./types";

export const isWarEligible = (bankBalance: number): boolean => bankBalance >= GUILD_WAR_ELIGIBILITY_BANK;

/** Progress toward eligibility for the guild panel's bar. */
export function warEligibilityProgress(bankBalance: number): {
  current: number;
  needed: number;
  percent: number;
} {
  const current = Math.min(Math.max(bankBalance, 0), GUILD_WAR_ELIGIBILITY_BANK);
  return {
    current,
    needed: GUILD_WAR_ELIGIBILITY_BANK,
    percent: Math.floor((current * 100) / GUILD_WAR_ELIGIBILITY_BANK),
  };
}

/** A guild's power: the sum of its members' active bots' total strength. */
export const guildPower = (memberStrengths: readonly number[]): number =>
  memberStrengths.reduce((sum, strength) => sum + strength, 0);

export function checkCreateGuild(input: { readonly inGuild: boolean; readonly coins: number }): Check {
  if (input.inGuild) return fail(messages.alreadyInGuild);
  if (input.coins < GUILD_CREATION_COST) return fail(messages.notEnoughCoins);
  return pass;
}

export function checkJoinGuild(input: {
  readonly inGuild: boolean;
  readonly memberCount: number;
  readonly maxMembers: number;
}): Check {
  if (input.inGuild) return fail(messages.alreadyInGuild);
  if (input.memberCount >= input.maxMembers) return fail(messages.guildFull);
  return pass;
}

/** Only members donate and leave. */
export const checkGuildMember = (isMember: boolean): Check => (isMember ? pass : fail(messages.notInGuild));

/** Case-insensitive search on name or tag, as the guild list's search box does it. */
export function filterGuilds<G extends { readonly name: string; readonly tag: string }>(
  guilds: readonly G[],
  query: string,
): G[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return [...guilds];
  return guilds.filter((g) => g.name.toLowerCase().includes(needle) || g.tag.toLowerCase().includes(needle));
}

export interface WarCandidate {
  readonly id: GuildId;
  readonly totalPower: number;
  readonly bankBalance: number;
}

// Power first, then id, so the same guilds always come out in the same order.
const byPower = (x: { id: GuildId; totalPower: number }, y: { id: GuildId; totalPower: number }): number =>
  y.totalPower - x.totalPower || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

export const canStartWar = (eligibleGuilds: number): boolean => eligibleGuilds >= GUILDS_PER_WAR;

/** The 8 most powerful eligible guilds, or null while fewer than 8 are eligible. */
export function selectWarGuilds<G extends WarCandidate>(guilds: readonly G[]): G[] | null {
  const eligible = guilds.filter((g) => isWarEligible(g.bankBalance));
  if (!canStartWar(eligible.length)) return null;
  return eligible.sort(byPower).slice(0, GUILDS_PER_WAR);
}

export interface WarRewards {
  readonly first: number;
  readonly second: number;
  readonly third: number;
}

export const warPrizePool = (rewards: WarRewards = GUILD_WAR_REWARDS): Coins =>
  Coins(rewards.first + rewards.second + rewards.third);

export interface WarPlacement {
  readonly guildId: GuildId;
  readonly totalPower: number;
  /** 1 for the strongest, with no shared places. */
  readonly placement: number;
  readonly prizeAmount: Coins;
}

/** Placements by power when a war ends; the top three win the war's rewards, paid into their banks. */
export function rankWarGuilds(
  participants: readonly { readonly guildId: GuildId; readonly totalPower: number }[],
  rewards: WarRewards = GUILD_WAR_REWARDS,
): WarPlacement[] {
  const prizes = [rewards.first, rewards.second, rewards.third];
  return participants
    .map((p) => ({ id: p.guildId, totalPower: p.totalPower }))
    .sort(byPower)
    .map((p, i) => ({
      guildId: p.id,
      totalPower: p.totalPower,
      placement: i + 1,
      prizeAmount: Coins(prizes[i] ?? 0),
    }));
}
