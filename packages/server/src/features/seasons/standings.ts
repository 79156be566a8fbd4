// What the season pages and a pilot's profile read: the running season with its ladder, a closed season's
// frozen standings, and a pilot's badges and title.
import {
  type ClosedStanding,
  type CurrentSeason,
  type PastSeason,
  SEASON_LADDER_SIZE,
  seasonMessages,
} from "@bot-arena/contract";
import { SEASON_LADDER_MIN_BATTLES, type SeasonTitle, seasonRates, seasonTitleText } from "@bot-arena/game";
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { pvpSeasonStandings, pvpSeasons } from "../../platform/db/schema";
import { notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { ladderTop } from "./ladder";
import { runningSeason } from "./seasons";

/** Closed seasons the running season's page lists. */
const PAST_SEASONS_SHOWN = 20;

export async function currentSeasonPage(db: Db, viewer: UserId, now: Date): Promise<CurrentSeason> {
  const [season, rows, past] = await Promise.all([
    runningSeason(db),
    ladderTop(db, SEASON_LADDER_SIZE, viewer),
    pastSeasons(db),
  ]);
  // Season 1 opens when the server starts: only a database no server has started on has none.
  if (!season) throw notFound(seasonMessages.notFound);
  const standing = (row: (typeof rows)[number]) => ({
    place: row.place,
    username: row.username,
    rating: Math.floor(row.rating),
    battles: row.battles,
    isYou: row.userId === viewer,
  });
  const ladder = rows.filter((row) => row.place <= SEASON_LADDER_SIZE).map(standing);
  const mine = rows.find((row) => row.userId === viewer && row.place > SEASON_LADDER_SIZE);
  return {
    number: season.number,
    startsAt: season.startsAt.toISOString(),
    frozenAt: season.frozenAt.toISOString(),
    endsAt: season.endsAt.toISOString(),
    serverTime: now.toISOString(),
    frozen: !seasonRates(season.frozenAt.getTime(), now.getTime()),
    minBattles: SEASON_LADDER_MIN_BATTLES,
    prizes: { first: season.prizeFirst, second: season.prizeSecond, third: season.prizeThird },
    ladder,
    you: mine ? standing(mine) : null,
    past,
  };
}

async function pastSeasons(db: Db): Promise<CurrentSeason["past"]> {
  const rows = await db
    .select({ number: pvpSeasons.number, endsAt: pvpSeasons.endsAt, champion: pvpSeasonStandings.username })
    .from(pvpSeasons)
    .leftJoin(
      pvpSeasonStandings,
      and(eq(pvpSeasonStandings.seasonNumber, pvpSeasons.number), eq(pvpSeasonStandings.place, 1)),
    )
    .where(isNotNull(pvpSeasons.closedAt))
    .orderBy(desc(pvpSeasons.number))
    .limit(PAST_SEASONS_SHOWN);
  return rows.map((row) => ({ ...row, endsAt: row.endsAt.toISOString() }));
}

/** A season's number as a path names it: 1, 2, ... (at most nine digits), else null. */
const seasonNumber = (text: string): number | null => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : null);

export async function pastSeasonPage(db: Db, text: string, viewer: UserId): Promise<PastSeason> {
  const number = seasonNumber(text);
  if (number === null) throw notFound(seasonMessages.notFound);
  const [season] = await db
    .select()
    .from(pvpSeasons)
    .where(and(eq(pvpSeasons.number, number), isNotNull(pvpSeasons.closedAt)));
  if (!season?.closedAt) throw notFound(seasonMessages.notFound);
  const rows = await db
    .select()
    .from(pvpSeasonStandings)
    .where(
      and(
        eq(pvpSeasonStandings.seasonNumber, number),
        or(sql`${pvpSeasonStandings.place} <= ${SEASON_LADDER_SIZE}`, eq(pvpSeasonStandings.userId, viewer)),
      ),
    )
    .orderBy(pvpSeasonStandings.place);
  const standing = (row: (typeof rows)[number]): ClosedStanding => ({
    place: row.place,
    username: row.username,
    rating: Math.floor(row.rating),
    battles: row.battles,
    isYou: row.userId === viewer,
    badge: row.badge,
    title: row.title === null ? null : seasonTitleText(number, row.title as SeasonTitle),
    coins: row.coins,
  });
  const mine = rows.find((row) => row.userId === viewer && row.place > SEASON_LADDER_SIZE);
  return {
    number,
    startsAt: season.startsAt.toISOString(),
    endsAt: season.endsAt.toISOString(),
    closedAt: season.closedAt.toISOString(),
    standings: rows.filter((row) => row.place <= SEASON_LADDER_SIZE).map(standing),
    you: mine ? standing(mine) : null,
  };
}

/** Each pilot's latest season title ('Season 3 Champion'), for the names a list shows; pilots without one absent. */
export async function latestTitles(db: Db, userIds: readonly UserId[]): Promise<Map<UserId, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([pvpSeasonStandings.userId], {
      userId: pvpSeasonStandings.userId,
      season: pvpSeasonStandings.seasonNumber,
      title: pvpSeasonStandings.title,
    })
    .from(pvpSeasonStandings)
    .where(
      and(inArray(pvpSeasonStandings.userId, [...new Set(userIds)]), isNotNull(pvpSeasonStandings.title)),
    )
    .orderBy(pvpSeasonStandings.userId, desc(pvpSeasonStandings.seasonNumber));
  return new Map(
    rows.map((row) => [row.userId as UserId, seasonTitleText(row.season, row.title as SeasonTitle)]),
  );
}

/** A pilot's top-10 finishes (newest first), the title of its latest podium, and its place this season. */
export async function pilotSeasonSide(db: Db, userId: UserId) {
  const [badges, place] = await Promise.all([
    db
      .select({
        season: pvpSeasonStandings.seasonNumber,
        place: pvpSeasonStandings.place,
        badge: pvpSeasonStandings.badge,
        title: pvpSeasonStandings.title,
      })
      .from(pvpSeasonStandings)
      .where(and(eq(pvpSeasonStandings.userId, userId), isNotNull(pvpSeasonStandings.badge)))
      .orderBy(desc(pvpSeasonStandings.seasonNumber)),
    ladderTop(db, 0, userId),
  ]);
  const titled = badges.find((row) => row.title !== null);
  return {
    seasonRank: place[0]?.place ?? null,
    title: titled ? seasonTitleText(titled.season, titled.title as SeasonTitle) : null,
    badges: badges.map((row) => ({ season: row.season, place: row.place, badge: row.badge as string })),
  };
}
