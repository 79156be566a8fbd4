// A season's close, one step of the event runner at the season's end, in one transaction: the standings frozen
// for good, the top 10's badges and the podium's titles and coins (the admin's, paid by the house), each of the
// ten told in an alert, every rating soft-reset, and the next season opened. The battles of the freeze moved no rating, so the standings are the
// ladder as it stood at the freeze.
//
// Every pilot's profile is locked (in id order, after the season's row: the one lock order) before a rating is
// read: a battle holds both pilots' profiles while it reads and writes their ratings, so a battle either
// committed before the close read (and the reset applies to what it wrote) or reads the reset ratings after it.
import { type PvpSeasonRewardAlert, playerAlertKinds } from "@bot-arena/contract";
import { Coins, SEASON_PRIZE_PLACES, seasonLadder, seasonReward, softReset } from "@bot-arena/game";
import { and, eq, isNull, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/database";
import { noteLocks } from "../../platform/db/locks";
import { pvpSeasonStandings, pvpSeasons } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { payOut } from "../../platform/ledger";
import type { DueHandler } from "../../platform/reconciler";
import { raiseAlerts } from "../alerts/raise";
import { everyPilot, type PilotEntry } from "./ladder";
import { seasonRow } from "./seasons";

export const SEASON_PRIZE_REASON = "house_reward_pvp_season";
const STANDINGS_PER_INSERT = 1000;

/** The runner's handler for `pvp_seasons.next_due_at`; `days` is PVP_SEASON_DAYS for the season it opens. */
export const seasonCloseHandler = (days: number): DueHandler => ({
  name: "pvp-season-close",
  table: "pvp_seasons",
  dueColumn: "next_due_at",
  advance: (tx, id, now) => closeSeason(tx, id, now, days),
});

async function closeSeason(tx: Tx, id: string, now: Date, days: number): Promise<void> {
  const [season] = await tx
    .update(pvpSeasons)
    .set({ closedAt: now, nextDueAt: null })
    .where(and(eq(pvpSeasons.id, id), isNull(pvpSeasons.closedAt)))
    .returning();
  // Closed already (a step repeated): nothing is due any more.
  if (!season) {
    await tx.update(pvpSeasons).set({ nextDueAt: null }).where(eq(pvpSeasons.id, id));
    return;
  }
  await lockEveryPilot(tx);
  const pilots = await everyPilot(tx);
  const ladder = seasonLadder(pilots);
  const prizes = [season.prizeFirst, season.prizeSecond, season.prizeThird];
  // What each podium place was paid: the prize, or what fit under the coin maximum.
  const paid: number[] = [];
  for (const [index, pilot] of ladder.slice(0, SEASON_PRIZE_PLACES).entries()) {
    const amount = prizes[index] ?? 0;
    if (amount <= 0) continue;
    const { credited } = await payOut(tx, {
      to: { account: "wallet", userId: pilot.userId, refType: "pvp_season", refId: season.id },
      amount: Coins(amount),
      reason: SEASON_PRIZE_REASON,
    });
    paid[index] = credited;
  }
  const standings = ladder.map((pilot, index) => {
    const reward = seasonReward(index + 1);
    return {
      seasonNumber: season.number,
      place: index + 1,
      userId: pilot.userId,
      username: pilot.username,
      rating: pilot.rating,
      battles: pilot.battles,
      badge: reward?.badge ?? null,
      title: reward?.title ?? null,
      coins: paid[index] ?? 0,
    };
  });
  // In slices: one statement's parameters are bounded (65,535 in PostgreSQL's protocol), a ladder is not.
  for (let from = 0; from < standings.length; from += STANDINGS_PER_INSERT) {
    await tx.insert(pvpSeasonStandings).values(standings.slice(from, from + STANDINGS_PER_INSERT));
  }
  await raiseAlerts(
    tx,
    standings.flatMap((standing) =>
      standing.badge === null
        ? []
        : [
            {
              userId: standing.userId,
              kind: playerAlertKinds.pvpSeasonReward,
              data: {
                season: standing.seasonNumber,
                place: standing.place,
                badge: standing.badge,
                title: standing.title,
                coins: standing.coins,
              } satisfies PvpSeasonRewardAlert,
            },
          ],
    ),
  );
  await resetRatings(tx, pilots);
  await tx.insert(pvpSeasons).values(seasonRow(season.number + 1, now, days));
}

/** Every pilot with a rating, FOR UPDATE in id order (one statement, however many). */
async function lockEveryPilot(tx: Tx): Promise<void> {
  const result = await tx.execute(sql`
    select id from profiles where id in (select user_id from pilot_ratings) order by id for update`);
  noteLocks(
    tx,
    "profile",
    rowsOf<{ id: UserId }>(result).map((row) => row.id),
  );
}

/** The rulebook's soft reset of every rating, and the season's battles back to 0, in one statement. */
async function resetRatings(tx: Tx, pilots: readonly PilotEntry[]): Promise<void> {
  if (pilots.length === 0) return;
  const reset = pilots.map((pilot) =>
    softReset({
      rating: pilot.rating,
      deviation: pilot.deviation,
      volatility: pilot.volatility,
      lastRatedAt: null,
    }),
  );
  const array = (values: readonly (string | number)[]) => `{${values.join(",")}}`;
  await tx.execute(sql`
    update pilot_ratings r set rating = v.rating, deviation = v.deviation, volatility = v.volatility,
      season_battles = 0
    from (select unnest(${array(pilots.map((p) => p.userId))}::uuid[]) as user_id,
      unnest(${array(reset.map((r) => r.rating))}::float8[]) as rating,
      unnest(${array(reset.map((r) => r.deviation))}::float8[]) as deviation,
      unnest(${array(reset.map((r) => r.volatility))}::float8[]) as volatility) v
    where r.user_id = v.user_id`);
}
