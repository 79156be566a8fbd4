// A pilot's stored PvP state: the rating (the rulebook's PilotRating), the record and the shield. A pilot with no
// row yet is at the rulebook's start; the row is written with its first PvP battle, under its profile's lock.
import { newPilotRating, type PilotRating } from "@bot-arena/game";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { pilotRatings } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";

export type PilotState = {
  rating: PilotRating;
  wins: number;
  losses: number;
  shieldUntil: Date | null;
  /** Rated battles in the running season. */
  seasonBattles: number;
};

type Row = typeof pilotRatings.$inferSelect;

export const pilotStateOf = (row: Row | undefined): PilotState =>
  row
    ? {
        rating: {
          rating: row.rating,
          deviation: row.deviation,
          volatility: row.volatility,
          lastRatedAt: row.lastRatedAt?.getTime() ?? null,
        },
        wins: row.wins,
        losses: row.losses,
        shieldUntil: row.shieldUntil,
        seasonBattles: row.seasonBattles,
      }
    : { rating: newPilotRating(), wins: 0, losses: 0, shieldUntil: null, seasonBattles: 0 };

export async function pilotStates(db: Db, ids: readonly UserId[]): Promise<Map<UserId, PilotState>> {
  const rows = await db
    .select()
    .from(pilotRatings)
    .where(inArray(pilotRatings.userId, [...ids]));
  return new Map(ids.map((id) => [id, pilotStateOf(rows.find((row) => row.userId === id))]));
}

/** Writes both pilots' states in one statement. */
export async function savePilotStates(db: Db, states: ReadonlyMap<UserId, PilotState>): Promise<void> {
  const values = [...states].map(([userId, s]) => ({
    userId,
    rating: s.rating.rating,
    deviation: s.rating.deviation,
    volatility: s.rating.volatility,
    lastRatedAt: s.rating.lastRatedAt === null ? null : new Date(s.rating.lastRatedAt),
    wins: s.wins,
    losses: s.losses,
    shieldUntil: s.shieldUntil,
    seasonBattles: s.seasonBattles,
  }));
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(pilotRatings)
    .values(values)
    .onConflictDoUpdate({
      target: pilotRatings.userId,
      set: {
        rating: excluded("rating"),
        deviation: excluded("deviation"),
        volatility: excluded("volatility"),
        lastRatedAt: excluded("last_rated_at"),
        wins: excluded("wins"),
        losses: excluded("losses"),
        shieldUntil: excluded("shield_until"),
        seasonBattles: excluded("season_battles"),
      },
    });
}

/** A rating change as shown: the difference of the two floored ratings, as each is displayed. */
export const shownDelta = (before: number, after: number): number => Math.floor(after) - Math.floor(before);
