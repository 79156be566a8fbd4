// Guilds: founding (100 coins, destroyed), joining (20 seats), donating (wallet -> guild bank), leaving (the
// leader hands over; the last member disbands the guild and its bank goes to the house), the role actions and the
// leader's or an officer's choice to sit out the next war.
//
// Lock order, as everywhere: the player's profile first (a coin move or lockProfiles), then the membership row,
// then the guild row. Seats are taken with a conditional update (`member_count < max_members`), never counted
// and then written, so parallel joins cannot pass 20; a donation updates its membership row before the bank, so
// a donation racing its donor's departure either lands before it or finds no membership and rolls back.

import { randomUUID } from "node:crypto";
import type {
  ContributeResponse,
  CreateGuildBody,
  CreateGuildResponse,
  GuildDetail,
  GuildList,
  GuildMessage,
  LeaveResponse,
  SitOutResponse,
} from "@bot-arena/contract";
import {
  Coins,
  checkRoleAction,
  checkSitOutChoice,
  GUILD_CREATION_COST,
  GUILD_MAX_MEMBERS,
  GUILD_WAR_ELIGIBILITY_BANK,
  leaveOutcome,
  messages,
  nameSkeleton,
  type RoleAction,
  UserId as RuleUserId,
  validateGuildCreation,
} from "@bot-arena/game";
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/database";
import { lockProfiles, noteLocks } from "../../platform/db/locks";
import { guildContributions, guildMembers, guilds, profiles } from "../../platform/db/schema";
import { forbidden } from "../../platform/errors";
import { isUuid, type UserId } from "../../platform/ids";
import { moveCoins, newTransferId, sweepToHouse } from "../../platform/ledger";
import { publish } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { refuseFrozen } from "../account/frozen";
import { announceGuildChatAccess } from "../chat/guild-members";
import { readBankHistory } from "./bank-history";
import { readMuster } from "./muster-view";
import { readGuildPage } from "./page";
import { alreadyInGuild, guildFull, guildNotFound, notGuildMember, uniqueRefusal } from "./refusals";
import { guildChannel, toGuildSummary } from "./view";

export type GuildsService = ReturnType<typeof createGuildsService>;

/**
 * Told after a donation commits when the guild may have become war-eligible: the muster's request is already in
 * the database; this only asks for it to be answered now.
 */
export type EligibilityListener = () => void;

/** Announces a change of one guild to its page and to the guild list. */
export async function announceGuild(tx: Db, guildId: string, kind = "guild"): Promise<void> {
  await publish(tx, { channel: guildChannel(guildId), kind, data: { guildId } });
  await publish(tx, { channel: "guilds", kind, data: { guildId } });
}

export function createGuildsService(deps: {
  db: Db;
  clock: Clock;
  /** How long a guild rests after a war (GUILD_WAR_REST_HOURS), as the page tells it. */
  restHours: number;
  onEligible?: EligibilityListener;
}) {
  const { db, clock } = deps;

  async function liveGuild(tx: Db, guildId: string, lock = false) {
    if (!isUuid(guildId)) throw guildNotFound();
    if (lock) noteLocks(tx, "guild", [guildId]);
    const query = tx
      .select()
      .from(guilds)
      .where(and(eq(guilds.id, guildId), isNull(guilds.disbandedAt)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw guildNotFound();
    return row;
  }

  async function membershipOf(tx: Db, userId: UserId, guildId: string, lock = false) {
    const query = tx
      .select()
      .from(guildMembers)
      .where(and(eq(guildMembers.userId, userId), eq(guildMembers.guildId, guildId)));
    const [row] = lock ? await query.for("update") : await query;
    return row ?? null;
  }

  async function memberName(tx: Db, userId: UserId): Promise<string> {
    const [row] = await tx
      .select({ username: profiles.username })
      .from(profiles)
      .where(eq(profiles.id, userId));
    return row?.username ?? "Player";
  }

  /** The promote, demote and remove actions: the rulebook decides, a conditional update applies it. */
  async function roleAction(action: RoleAction, actorId: UserId, guildId: string, targetId: string) {
    return db.transaction(async (tx): Promise<GuildMessage> => {
      await liveGuild(tx, guildId);
      // Both rows locked in id order: the actor's authority cannot change (a leader leaving) mid-action, and two
      // officers acting on each other queue instead of deadlocking.
      const ids = isUuid(targetId) ? [actorId, targetId as UserId] : [actorId];
      const rows = await tx
        .select()
        .from(guildMembers)
        .where(and(eq(guildMembers.guildId, guildId), inArray(guildMembers.userId, ids)))
        .orderBy(asc(guildMembers.id))
        .for("update");
      const actor = rows.find((m) => m.userId === actorId);
      if (!actor) throw notGuildMember();
      const target = rows.find((m) => m.userId === targetId);
      if (!target) throw forbidden(messages.memberNotFound);
      const newRole = refuse(
        checkRoleAction({
          action,
          actor: { userId: RuleUserId(actor.userId), role: actor.role },
          target: { userId: RuleUserId(target.userId), role: target.role },
        }),
      );
      const name = await memberName(tx, target.userId);
      if (action === "remove") {
        await tx.delete(guildMembers).where(eq(guildMembers.id, target.id));
        await tx
          .update(guilds)
          .set({ memberCount: sql`${guilds.memberCount} - 1` })
          .where(eq(guilds.id, guildId));
        await announceGuild(tx, guildId);
        await announceGuildChatAccess(tx, target.userId, guildId, true);
        return { message: messages.removed(name) };
      }
      const role = newRole!;
      await tx
        .update(guildMembers)
        .set({ role })
        .where(and(eq(guildMembers.id, target.id), eq(guildMembers.role, target.role)));
      await announceGuild(tx, guildId);
      await announceGuildChatAccess(tx, target.userId, guildId);
      return { message: action === "promote" ? messages.promoted(name) : messages.demoted(name) };
    });
  }

  return {
    async list(userId: UserId, search: string | undefined): Promise<GuildList> {
      const needle = search?.trim().toLowerCase() ?? "";
      const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select()
        .from(guilds)
        .where(
          and(
            isNull(guilds.disbandedAt),
            needle === ""
              ? undefined
              : or(sql`lower(${guilds.name}) like ${pattern}`, sql`lower(${guilds.tag}) like ${pattern}`),
          ),
        )
        .orderBy(desc(guilds.totalPower), guilds.id)
        .limit(200);
      const [mine] = await db
        .select({ guild: guilds, role: guildMembers.role })
        .from(guildMembers)
        .innerJoin(guilds, eq(guilds.id, guildMembers.guildId))
        .where(eq(guildMembers.userId, userId));
      return {
        guilds: rows.map(toGuildSummary),
        myGuild: mine ? { guild: toGuildSummary(mine.guild), role: mine.role } : null,
      };
    },

    async detail(userId: UserId, guildId: string): Promise<GuildDetail> {
      if (!isUuid(guildId)) throw guildNotFound();
      const page = await readGuildPage(db, userId, guildId);
      if (!page) throw guildNotFound();
      const [bankHistory, muster] = await Promise.all([
        readBankHistory(db, guildId),
        readMuster(db, deps.restHours),
      ]);
      return { ...page, bankHistory, muster, serverTime: clock.now().toISOString() };
    },

    create(userId: UserId, body: CreateGuildBody): Promise<CreateGuildResponse> {
      const { name, tag, description } = refuse(
        validateGuildCreation({
          name: body.name ?? "",
          tag: body.tag ?? "",
          description: body.description ?? null,
        }),
      );
      return db
        .transaction(async (tx) => {
          await lockProfiles(tx, [userId]);
          const [existing] = await tx
            .select({ id: guildMembers.id })
            .from(guildMembers)
            .where(eq(guildMembers.userId, userId));
          if (existing) throw alreadyInGuild();
          const id = randomUUID();
          const newCoins = await moveCoins(tx, {
            account: "wallet",
            userId,
            debit: Coins(GUILD_CREATION_COST),
            reason: "guild_create",
            refType: "guild",
            refId: id,
          });
          const [row] = await tx
            .insert(guilds)
            .values({
              id,
              name,
              // Unique among live guilds: a look-alike name or tag (Unicode TS #39) is refused by the index.
              nameSkeleton: nameSkeleton(name),
              tag,
              tagSkeleton: nameSkeleton(tag),
              description,
              ownerId: userId,
              memberCount: 1,
              maxMembers: GUILD_MAX_MEMBERS,
            })
            .returning();
          await tx.insert(guildMembers).values({ guildId: id, userId, role: "leader" });
          // Re-read: the membership trigger has just set the founder's power.
          const [fresh] = await tx.select().from(guilds).where(eq(guilds.id, id));
          await announceGuild(tx, id);
          await announceGuildChatAccess(tx, userId, id);
          return { message: messages.guildCreated, guild: toGuildSummary(fresh ?? row!), newCoins };
        })
        .catch((error: unknown) => {
          throw uniqueRefusal(error);
        });
    },

    join(userId: UserId, guildId: string): Promise<GuildMessage> {
      return db
        .transaction(async (tx) => {
          await liveGuild(tx, guildId);
          const [existing] = await tx
            .select({ id: guildMembers.id })
            .from(guildMembers)
            .where(eq(guildMembers.userId, userId));
          if (existing) throw alreadyInGuild();
          // The seat first: the conditional update is what keeps a guild at 20 under any number of joins.
          const [seat] = await tx
            .update(guilds)
            .set({ memberCount: sql`${guilds.memberCount} + 1` })
            .where(
              and(
                eq(guilds.id, guildId),
                isNull(guilds.disbandedAt),
                sql`${guilds.memberCount} < ${guilds.maxMembers}`,
              ),
            )
            .returning({ id: guilds.id });
          if (!seat) {
            // Full, or disbanded by its last member a moment ago: say which.
            await liveGuild(tx, guildId);
            throw guildFull();
          }
          await tx.insert(guildMembers).values({ guildId, userId, role: "member" });
          await announceGuild(tx, guildId);
          await announceGuildChatAccess(tx, userId, guildId);
          return { message: messages.guildJoined };
        })
        .catch((error: unknown) => {
          throw uniqueRefusal(error);
        });
    },

    async contribute(userId: UserId, guildId: string, amount: number): Promise<ContributeResponse> {
      const result = await db.transaction(async (tx) => {
        await liveGuild(tx, guildId);
        await refuseFrozen(tx, userId);
        const contributionId = randomUUID();
        const ref = { refType: "guild_contribution", refId: contributionId, transferId: newTransferId() };
        // The wallet first (it locks the profile), then the membership, then the bank: the lock order.
        const newCoins = await moveCoins(tx, {
          account: "wallet",
          userId,
          debit: Coins(amount),
          reason: "guild_donation",
          ...ref,
        });
        const [member] = await tx
          .update(guildMembers)
          .set({ contributionTotal: sql`${guildMembers.contributionTotal} + ${amount}` })
          .where(and(eq(guildMembers.userId, userId), eq(guildMembers.guildId, guildId)))
          .returning({ contributionTotal: guildMembers.contributionTotal });
        if (!member) throw notGuildMember();
        const bankBalance = await moveCoins(tx, {
          account: "guild_bank",
          guildId,
          credit: Coins(amount),
          reason: "guild_donation",
          ...ref,
          maxMessage: messages.balancePastMax("the guild bank"),
        });
        await tx
          .insert(guildContributions)
          .values({ id: contributionId, guildId, userId, amount, createdAt: clock.now() });
        await announceGuild(tx, guildId);
        return { newCoins, bankBalance, contributionTotal: member.contributionTotal };
      });
      if (result.bankBalance >= GUILD_WAR_ELIGIBILITY_BANK) deps.onEligible?.();
      return { message: messages.contributed(amount), ...result };
    },

    leave(userId: UserId, guildId: string): Promise<LeaveResponse> {
      return db.transaction(async (tx) => {
        await lockProfiles(tx, [userId]);
        // An unknown guild is 'not found' for anyone; only then does membership decide (read without a lock,
        // so the lock order below stays membership, then guild).
        await liveGuild(tx, guildId);
        const member = await membershipOf(tx, userId, guildId, true);
        if (!member) throw notGuildMember();
        const guild = await liveGuild(tx, guildId, true);
        const staying = await tx
          .select()
          .from(guildMembers)
          .where(and(eq(guildMembers.guildId, guildId), ne(guildMembers.userId, userId)));
        const outcome = leaveOutcome({
          leaverRole: member.role,
          staying: staying.map((m) => ({
            userId: RuleUserId(m.userId),
            role: m.role,
            contributionTotal: m.contributionTotal,
            joinedAt: m.createdAt.getTime(),
          })),
        });
        await tx.delete(guildMembers).where(eq(guildMembers.id, member.id));
        await announceGuildChatAccess(tx, userId, guildId, true);
        if (outcome.disband) {
          await disband(tx, guild.id, clock.now());
          await announceGuild(tx, guildId, "disbanded");
          return { message: messages.guildLeft, disbanded: true, newLeaderId: null };
        }
        await tx
          .update(guilds)
          .set({
            memberCount: sql`${guilds.memberCount} - 1`,
            ...(outcome.newLeader ? { ownerId: outcome.newLeader as string as UserId } : {}),
          })
          .where(eq(guilds.id, guildId));
        if (outcome.newLeader) {
          await announceGuildChatAccess(tx, outcome.newLeader as string as UserId, guildId);
          await tx
            .update(guildMembers)
            .set({ role: "leader" })
            .where(
              and(
                eq(guildMembers.guildId, guildId),
                eq(guildMembers.userId, outcome.newLeader as string as UserId),
              ),
            );
        }
        await announceGuild(tx, guildId);
        return { message: messages.guildLeft, disbanded: false, newLeaderId: outcome.newLeader };
      });
    },

    /**
     * The leader or an officer chooses whether the guild sits out the next war; it stays so until one of them
     * chooses again. A guild at war may choose too (it applies to the war after). Enlisting again makes a guild
     * with 500 in its bank eligible: the database asks for a muster (migration 0010), answered now.
     * Lock order: the membership row (the chooser's role cannot change meanwhile), then the guild.
     */
    async sitOut(userId: UserId, guildId: string, sitOut: boolean): Promise<SitOutResponse> {
      const eligible = await db.transaction(async (tx) => {
        await liveGuild(tx, guildId);
        const member = await membershipOf(tx, userId, guildId, true);
        if (!member) throw notGuildMember();
        refuse(checkSitOutChoice(member.role));
        noteLocks(tx, "guild", [guildId]);
        const [row] = await tx
          .update(guilds)
          .set({ sitsOutNextWar: sitOut })
          .where(and(eq(guilds.id, guildId), isNull(guilds.disbandedAt)))
          .returning({ isEligibleForWar: guilds.isEligibleForWar });
        if (!row) throw guildNotFound();
        await announceGuild(tx, guildId);
        return row.isEligibleForWar;
      });
      if (eligible) deps.onEligible?.();
      return {
        message: sitOut ? messages.sittingOutNextWar : messages.enlistedForNextWar,
        sitsOutNextWar: sitOut,
      };
    },

    promote: (actorId: UserId, guildId: string, targetId: string) =>
      roleAction("promote", actorId, guildId, targetId),
    demote: (actorId: UserId, guildId: string, targetId: string) =>
      roleAction("demote", actorId, guildId, targetId),
    remove: (actorId: UserId, guildId: string, targetId: string) =>
      roleAction("remove", actorId, guildId, targetId),
  };
}

/** The last member left: the guild is marked (never deleted) and whatever its bank held goes to the house. */
async function disband(tx: Tx, guildId: string, now: Date): Promise<void> {
  await tx
    .update(guilds)
    .set({ disbandedAt: now, memberCount: 0, ownerId: null })
    .where(eq(guilds.id, guildId));
  await sweepToHouse(tx, {
    from: { account: "guild_bank", guildId, refType: "guild", refId: guildId },
    reason: "house_cut_guild_disbanded",
  });
}
