// Reading one guild's page: the guild (disbanded ones too, so an old link still explains itself), its members
// with their active bot's power, the viewer's role, the last 10 contributions and the war it fights.
import type { GuildDetail } from "@bot-arena/contract";
import { GUILD_RECENT_CONTRIBUTIONS } from "@bot-arena/game";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import {
  bots,
  guildContributions,
  guildMembers,
  guilds,
  guildWars,
  profiles,
} from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { shortId, toGuildSummary } from "./view";

const roleOrder = { leader: 0, officer: 1, member: 2 } as const;

export async function readGuildPage(
  db: Db,
  viewerId: UserId,
  guildId: string,
): Promise<Omit<GuildDetail, "bankHistory" | "muster" | "serverTime"> | null> {
  const [guild] = await db.select().from(guilds).where(eq(guilds.id, guildId));
  if (!guild) return null;
  const [members, recent, [viewer], war] = await Promise.all([
    db
      .select({
        userId: guildMembers.userId,
        username: profiles.username,
        role: guildMembers.role,
        contributionTotal: guildMembers.contributionTotal,
        joinedAt: guildMembers.createdAt,
        strength: bots.strength,
        agility: bots.agility,
        defense: bots.defense,
        intelligence: bots.intelligence,
      })
      .from(guildMembers)
      .innerJoin(profiles, eq(profiles.id, guildMembers.userId))
      .leftJoin(bots, and(eq(bots.userId, guildMembers.userId), eq(bots.isActive, true)))
      .where(eq(guildMembers.guildId, guildId))
      .orderBy(desc(guildMembers.contributionTotal), asc(guildMembers.createdAt)),
    db
      .select({
        id: guildContributions.id,
        username: profiles.username,
        amount: guildContributions.amount,
        createdAt: guildContributions.createdAt,
      })
      .from(guildContributions)
      .leftJoin(profiles, eq(profiles.id, guildContributions.userId))
      .where(eq(guildContributions.guildId, guildId))
      .orderBy(desc(guildContributions.createdAt), desc(guildContributions.id))
      .limit(GUILD_RECENT_CONTRIBUTIONS),
    db
      .select({ guildId: guildMembers.guildId, role: guildMembers.role })
      .from(guildMembers)
      .where(eq(guildMembers.userId, viewerId)),
    guild.currentWarId
      ? db
          .select({ id: guildWars.id, name: guildWars.name, status: guildWars.status })
          .from(guildWars)
          .where(eq(guildWars.id, guild.currentWarId))
      : Promise.resolve([]),
  ]);
  return {
    guild: {
      ...toGuildSummary(guild),
      disbandedAt: guild.disbandedAt?.toISOString() ?? null,
      createdAt: guild.createdAt.toISOString(),
    },
    members: members
      .map((m) => ({
        userId: m.userId,
        shortId: shortId(m.userId),
        username: m.username,
        role: m.role,
        contributionTotal: m.contributionTotal,
        power: (m.strength ?? 0) + (m.agility ?? 0) + (m.defense ?? 0) + (m.intelligence ?? 0),
        joinedAt: m.joinedAt.toISOString(),
      }))
      .sort((a, b) => roleOrder[a.role] - roleOrder[b.role]),
    myRole: viewer?.guildId === guildId ? viewer.role : null,
    viewerInGuild: viewer !== undefined,
    recentContributions: recent.map((c) => ({
      id: c.id,
      username: c.username,
      amount: c.amount,
      createdAt: c.createdAt.toISOString(),
    })),
    currentWar: war[0] ?? null,
  };
}
