// The running season's ladder as the database orders it: the rulebook's order (compareSeasonEntries: shown
// rating, fewer battles, earlier reach, name) written once in SQL, so a page reads the top and the viewer's place
// without loading every pilot. The close reads every entry and orders them with the rulebook itself; the tests
// hold the two to one order.
import { SEASON_LADDER_MIN_BATTLES, type SeasonEntry } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";

export type LadderRow = SeasonEntry & { userId: UserId; place: number };

type Raw = {
  userId: UserId;
  username: string;
  rating: number;
  battles: number;
  lastRatedAt: string;
  place: string | number;
};

// Names compare as the rulebook's `<` does (code units), whatever the database's collation.
const ORDER = sql.raw(
  `floor(r.rating) desc, r.season_battles asc, r.last_rated_at asc, p.username collate "C" asc`,
);

const toRow = (raw: Raw): LadderRow => ({
  userId: raw.userId,
  username: raw.username,
  rating: Number(raw.rating),
  battles: Number(raw.battles),
  lastRatedAt: new Date(raw.lastRatedAt).getTime(),
  place: Number(raw.place),
});

/** The first `limit` places, and the viewer's own row wherever it stands (when on the ladder). */
export async function ladderTop(db: Db, limit: number, viewer: UserId | null): Promise<LadderRow[]> {
  const result = await db.execute(sql`
    select * from (
      select r.user_id as "userId", p.username, r.rating, r.season_battles as battles,
        r.last_rated_at as "lastRatedAt", row_number() over (order by ${ORDER}) as place
      from pilot_ratings r join profiles p on p.id = r.user_id
      where r.season_battles >= ${SEASON_LADDER_MIN_BATTLES}
    ) ladder
    where place <= ${limit} or "userId" = ${viewer}
    order by place`);
  return rowsOf<Raw>(result).map(toRow);
}

/** Every pilot with a rating row, for the close (under their profiles' locks). */
export type PilotEntry = SeasonEntry & { userId: UserId; deviation: number; volatility: number };

export async function everyPilot(db: Db): Promise<PilotEntry[]> {
  const result = await db.execute(sql`
    select r.user_id as "userId", p.username, r.rating, r.deviation, r.volatility,
      r.season_battles as battles, r.last_rated_at as "lastRatedAt"
    from pilot_ratings r join profiles p on p.id = r.user_id`);
  return rowsOf<Raw & { deviation: number; volatility: number }>(result).map((raw) => ({
    ...toRow({ ...raw, place: 0 }),
    deviation: Number(raw.deviation),
    volatility: Number(raw.volatility),
  }));
}
