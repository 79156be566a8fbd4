// The season rows: the running one (the battle reads its freeze, the pages its end), the first one opened when
// an arena has none, and the next opened by a close. One season runs at a time (a unique index on the open row).
import { seasonWindow } from "@bot-arena/game";
import { isNull } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/database";
import { pvpSeasons } from "../../platform/db/schema";

export type SeasonRow = typeof pvpSeasons.$inferSelect;

export async function runningSeason(db: Db): Promise<SeasonRow | null> {
  const [row] = await db.select().from(pvpSeasons).where(isNull(pvpSeasons.closedAt));
  return row ?? null;
}

/** The row of a season starting at `startsAt`: its window, due for the runner at its end. */
export function seasonRow(number: number, startsAt: Date, days: number) {
  const window = seasonWindow(startsAt.getTime(), days);
  const endsAt = new Date(window.endsAt);
  return {
    number,
    startsAt,
    frozenAt: new Date(window.frozenAt),
    endsAt,
    nextDueAt: endsAt,
  };
}

/**
 * Opens season 1 in an arena that has never had one (at start, in every process). Once any season was opened,
 * number 1 exists and this is a no-op; two processes starting together meet at the unique number.
 */
export async function openFirstSeason(db: Db, clock: Clock, days: number): Promise<void> {
  await db
    .insert(pvpSeasons)
    .values(seasonRow(1, clock.now(), days))
    .onConflictDoNothing();
}
