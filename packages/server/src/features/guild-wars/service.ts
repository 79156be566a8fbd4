// Reading the wars: the active ones and the history for /guild-wars, and one war with every duel for a war
// card's guild view. Standings rank by power during registration and by duel wins then power afterwards.
import {
  GUILD_LEADERBOARD_SIZE,
  type GuildLeaderboard,
  type GuildWarDetail,
  type GuildWarDuel,
  type GuildWarList,
  type GuildWarSummary,
} from "@bot-arena/contract";
import { GuildId, messages, rankWarStandings, statTotal, warPrizePool, warRounds } from "@bot-arena/game";
import { asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import {
  guildMembers,
  guilds,
  guildWarDuels,
  guildWarParticipants,
  guildWars,
} from "../../platform/db/schema";
import { notFound } from "../../platform/errors";
import { isUuid, type UserId } from "../../platform/ids";
import type { FighterSnapshot } from "../battles/snapshot";
import { readMuster } from "../guilds/muster-view";
import { bannerOf, toGuildSummary } from "../guilds/view";

export type GuildWarsService = ReturnType<typeof createGuildWarsService>;

/** How many completed wars the History tab lists. */
export const WAR_HISTORY_LIMIT = 20;

type WarRow = typeof guildWars.$inferSelect;

/** Who reads: an admin also reads the runner's last error on a delayed war. */
export type WarViewer = { isAdmin: boolean };

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function createGuildWarsService(deps: { db: Db; clock: Clock; restHours: number }) {
  const { db } = deps;

  async function summaries(rows: readonly WarRow[], viewer: WarViewer): Promise<GuildWarSummary[]> {
    if (rows.length === 0) return [];
    const participants = await db
      .select({
        warId: guildWarParticipants.warId,
        guildId: guildWarParticipants.guildId,
        name: guilds.name,
        tag: guilds.tag,
        bannerColor: guilds.bannerColor,
        bannerEmblem: guilds.bannerEmblem,
        totalPower: guildWarParticipants.totalPower,
        duelWins: guildWarParticipants.duelWins,
        placement: guildWarParticipants.placement,
        prizeAmount: guildWarParticipants.prizeAmount,
      })
      .from(guildWarParticipants)
      .innerJoin(guilds, eq(guilds.id, guildWarParticipants.guildId))
      .where(
        inArray(
          guildWarParticipants.warId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(desc(guildWarParticipants.totalPower), asc(guildWarParticipants.guildId));
    return rows.map((war) => {
      const own = participants.filter((p) => p.warId === war.id);
      const ordered =
        war.status === "completed"
          ? [...own].sort((a, b) => (a.placement ?? 99) - (b.placement ?? 99))
          : war.status === "battle"
            ? rankWarStandings(own.map((p) => ({ ...p, guildId: GuildId(p.guildId) })))
            : own;
      const rewards = {
        first: war.firstPlaceReward,
        second: war.secondPlaceReward,
        third: war.thirdPlaceReward,
      };
      return {
        id: war.id,
        name: war.name,
        status: war.status,
        registrationEndsAt: iso(war.registrationEndsAt),
        battleEndsAt: iso(war.battleEndsAt),
        completedAt: iso(war.completedAt),
        createdAt: war.createdAt.toISOString(),
        currentRound: war.currentRound,
        rounds: warRounds(own.length),
        nextDueAt: iso(war.nextDueAt),
        rewards,
        prizePool: warPrizePool(rewards),
        funding: war.funding,
        attempts: war.attempts,
        lastError: viewer.isAdmin ? war.lastError : null,
        participants: ordered.map((p, i) => ({
          guildId: p.guildId,
          name: p.name,
          tag: p.tag,
          banner: bannerOf(p),
          totalPower: p.totalPower,
          duelWins: p.duelWins,
          placement: p.placement,
          prizeAmount: p.prizeAmount,
          rank: i + 1,
        })),
      };
    });
  }

  return {
    async list(viewer: WarViewer & { userId: UserId }): Promise<GuildWarList> {
      const [active, history, [membership], muster] = await Promise.all([
        db
          .select()
          .from(guildWars)
          .where(ne(guildWars.status, "completed"))
          .orderBy(desc(guildWars.createdAt)),
        db
          .select()
          .from(guildWars)
          .where(eq(guildWars.status, "completed"))
          .orderBy(desc(guildWars.completedAt), desc(guildWars.id))
          .limit(WAR_HISTORY_LIMIT),
        db
          .select({ guild: guilds })
          .from(guildMembers)
          .innerJoin(guilds, eq(guilds.id, guildMembers.guildId))
          .where(eq(guildMembers.userId, viewer.userId)),
        readMuster(db, deps.restHours),
      ]);
      const [activeViews, historyViews] = await Promise.all([
        summaries(active, viewer),
        summaries(history, viewer),
      ]);
      return {
        active: activeViews,
        history: historyViews,
        myGuildId: membership?.guild.id ?? null,
        myGuild: membership ? toGuildSummary(membership.guild) : null,
        muster,
        serverTime: deps.clock.now().toISOString(),
      };
    },

    /** Live guilds by power (then id), each with its war record summed from its participations. */
    async leaderboard(): Promise<GuildLeaderboard> {
      const record = db
        .select({
          guildId: guildWarParticipants.guildId,
          warsFought: sql<number>`count(*)::int`.as("wars_fought"),
          firstPlaces: sql<number>`count(*) filter (where ${guildWarParticipants.placement} = 1)::int`.as(
            "first_places",
          ),
          podiums: sql<number>`count(*) filter (where ${guildWarParticipants.placement} <= 3)::int`.as(
            "podiums",
          ),
          prizesWon: sql<number>`coalesce(sum(${guildWarParticipants.prizeAmount}), 0)::int`.as("prizes_won"),
        })
        .from(guildWarParticipants)
        .innerJoin(guildWars, eq(guildWars.id, guildWarParticipants.warId))
        .where(eq(guildWars.status, "completed"))
        .groupBy(guildWarParticipants.guildId)
        .as("record");
      const rows = await db
        .select({
          guild: guilds,
          warsFought: record.warsFought,
          firstPlaces: record.firstPlaces,
          podiums: record.podiums,
          prizesWon: record.prizesWon,
        })
        .from(guilds)
        .leftJoin(record, eq(record.guildId, guilds.id))
        .where(isNull(guilds.disbandedAt))
        .orderBy(desc(guilds.totalPower), asc(guilds.id))
        .limit(GUILD_LEADERBOARD_SIZE);
      return {
        guilds: rows.map((row, i) => ({
          rank: i + 1,
          guildId: row.guild.id,
          name: row.guild.name,
          tag: row.guild.tag,
          banner: bannerOf(row.guild),
          totalPower: row.guild.totalPower,
          memberCount: row.guild.memberCount,
          warsFought: row.warsFought ?? 0,
          firstPlaces: row.firstPlaces ?? 0,
          podiums: row.podiums ?? 0,
          prizesWon: row.prizesWon ?? 0,
        })),
      };
    },

    async detail(warId: string, viewer: WarViewer): Promise<GuildWarDetail> {
      if (!isUuid(warId)) throw notFound(messages.warNotFound);
      const [war] = await db.select().from(guildWars).where(eq(guildWars.id, warId));
      if (!war) throw notFound(messages.warNotFound);
      const [[summary], duels] = await Promise.all([
        summaries([war], viewer),
        db
          .select()
          .from(guildWarDuels)
          .where(eq(guildWarDuels.warId, warId))
          .orderBy(asc(guildWarDuels.round), asc(guildWarDuels.pairing), asc(guildWarDuels.slot)),
      ]);
      return { ...summary!, duels: duels.map(toDuel) };
    },
  };
}

function duelBot(snapshot: unknown): GuildWarDuel["homeBot"] {
  if (!snapshot) return null;
  const bot = snapshot as FighterSnapshot;
  return {
    name: bot.name,
    ownerName: bot.ownerName,
    level: bot.level,
    power: statTotal(bot.stats),
    imageUrl: bot.imageUrl,
  };
}

function toDuel(row: typeof guildWarDuels.$inferSelect): GuildWarDuel {
  // A slot without a battle is decided when the bots are drawn: a forfeit (one side has no bot) or void
  // (neither has). A fought duel's winner is told when its round ends.
  const fought = row.homeBot !== null && row.awayBot !== null;
  const outcome: GuildWarDuel["outcome"] = !fought
    ? row.homeBot === null && row.awayBot === null
      ? "void"
      : "forfeit"
    : row.status === "pending"
      ? "pending"
      : row.status === "in_progress"
        ? "live"
        : "battle";
  return {
    id: row.id,
    round: row.round,
    pairing: row.pairing,
    slot: row.slot,
    status: row.status,
    homeGuildId: row.homeGuildId,
    awayGuildId: row.awayGuildId,
    homeBot: duelBot(row.homeBot),
    awayBot: duelBot(row.awayBot),
    // A duel's battle can be watched from the moment it is fought.
    battleId: row.status === "pending" ? null : row.battleId,
    winnerGuildId: row.status === "completed" || !fought ? row.winnerGuildId : null,
    outcome,
  };
}
