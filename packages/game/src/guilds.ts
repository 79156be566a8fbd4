// Guilds: founding and joining, roles (leader, officer, member) and what each may do to whom, the hand-over when
// a leader leaves, war eligibility (500 in the bank and not at war), and which 8 guilds a war takes.
import { GUILD_CREATION_COST, GUILD_WAR_ELIGIBILITY_BANK, GUILDS_PER_WAR } from "./constants";
import { messages } from "./messages";
import { type Check, fail, type GuildId, ok, pass, type Result, type UserId } from "./types";

export type GuildRole = "leader" | "officer" | "member";

/** Eligible for the next war: 500 coins in the bank and not already fighting one. */
export const isWarEligible = (bankBalance: number, atWar = false): boolean =>
  !atWar && bankBalance >= GUILD_WAR_ELIGIBILITY_BANK;

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
  if (input.inGuild) return fail("CONFLICT", messages.alreadyInGuild);
  if (input.coins < GUILD_CREATION_COST) return fail("NOT_ENOUGH_COINS", messages.notEnoughCoins);
  return pass;
}

export function checkJoinGuild(input: {
  readonly inGuild: boolean;
  readonly memberCount: number;
  readonly maxMembers: number;
}): Check {
  if (input.inGuild) return fail("CONFLICT", messages.alreadyInGuild);
  if (input.memberCount >= input.maxMembers) return fail("LIMIT_REACHED", messages.guildFull);
  return pass;
}

/** Only members donate and leave. */
export const checkGuildMember = (isMember: boolean): Check =>
  isMember ? pass : fail("FORBIDDEN", messages.notInGuild);

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
  /** Already fighting a war that has not completed. */
  readonly atWar?: boolean;
}

// Power first, then id, so the same guilds always come out in the same order.
const byPower = (x: { id: GuildId; totalPower: number }, y: { id: GuildId; totalPower: number }): number =>
  y.totalPower - x.totalPower || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

export const canStartWar = (eligibleGuilds: number): boolean => eligibleGuilds >= GUILDS_PER_WAR;

/** The 8 most powerful eligible guilds, or null while fewer than 8 are eligible. */
export function selectWarGuilds<G extends WarCandidate>(guilds: readonly G[]): G[] | null {
  const eligible = guilds.filter((g) => isWarEligible(g.bankBalance, g.atWar ?? false));
  if (!canStartWar(eligible.length)) return null;
  return eligible.sort(byPower).slice(0, GUILDS_PER_WAR);
}

// Roles -----------------------------------------------------------------------------------------------------------

const rank: Record<GuildRole, number> = { leader: 3, officer: 2, member: 1 };

export type RoleAction = "promote" | "demote" | "remove";

/**
 * What an actor may do to another member: the leader promotes members to officer and demotes officers; the leader
 * and officers remove members below their own rank. Nobody acts on themselves (leaving is its own action).
 */
export function checkRoleAction(input: {
  readonly action: RoleAction;
  readonly actor: { readonly userId: UserId; readonly role: GuildRole };
  readonly target: { readonly userId: UserId; readonly role: GuildRole };
}): Result<GuildRole | null> {
  const { action, actor, target } = input;
  if (actor.userId === target.userId) return fail("FORBIDDEN", messages.cannotTargetSelf);
  switch (action) {
    case "promote":
      if (actor.role !== "leader") return fail("FORBIDDEN", messages.onlyLeaderPromotes);
      if (target.role !== "member") return fail("FORBIDDEN", messages.alreadyOfficer);
      return ok("officer");
    case "demote":
      if (actor.role !== "leader") return fail("FORBIDDEN", messages.onlyLeaderDemotes);
      if (target.role !== "officer") return fail("FORBIDDEN", messages.notAnOfficer);
      return ok("member");
    case "remove":
      if (actor.role === "member" || rank[target.role] >= rank[actor.role]) {
        return fail("FORBIDDEN", messages.cannotRemoveMember);
      }
      return ok(null);
  }
}

/**
 * Who may choose that the guild sits out the next war (or is enlisted again): the leader or an officer. A war
 * costs a guild nothing; a guild with 500 in its bank is enlisted unless one of them chose to sit out.
 */
export function checkSitOutChoice(role: GuildRole): Result<null> {
  return role === "member" ? fail("FORBIDDEN", messages.onlySitOutLeaders) : ok(null);
}

/** Which role actions the actor's screen offers on a target's row. */
export function allowedRoleActions(
  actor: { readonly userId: UserId; readonly role: GuildRole },
  target: { readonly userId: UserId; readonly role: GuildRole },
): RoleAction[] {
  return (["promote", "demote", "remove"] as const).filter(
    (action) => checkRoleAction({ action, actor, target }).ok,
  );
}

export interface StayingMember {
  readonly userId: UserId;
  readonly role: GuildRole;
  readonly contributionTotal: number;
  /** When they joined, ms since epoch: the longer-serving member wins a tie. */
  readonly joinedAt: number;
}

/**
 * The next leader when the leader leaves: the officer with the most contribution, else the member with the most;
 * ties go to whoever joined first, then the lower id. Null when nobody stays (the guild is disbanded).
 */
export function successorOf(staying: readonly StayingMember[]): UserId | null {
  const best = [...staying].sort(
    (a, b) =>
      (b.role === "officer" ? 1 : 0) - (a.role === "officer" ? 1 : 0) ||
      b.contributionTotal - a.contributionTotal ||
      a.joinedAt - b.joinedAt ||
      (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  )[0];
  return best?.userId ?? null;
}

/** What a departure does to the guild: it disbands with its last member, or the leader's seat passes on. */
export function leaveOutcome(input: {
  readonly leaverRole: GuildRole;
  readonly staying: readonly StayingMember[];
}): { readonly disband: true } | { readonly disband: false; readonly newLeader: UserId | null } {
  if (input.staying.length === 0) return { disband: true };
  return { disband: false, newLeader: input.leaverRole === "leader" ? successorOf(input.staying) : null };
}
