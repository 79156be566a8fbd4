// A pilot's profile: the rating as it stands now (the deviation grown by idleness), the PvP record, the shield,
// the season's place and past seasons' badges, and the last 10 PvP battles from the pilot's side. Any signed-in
// player may look, as at a replay.
import { type PilotProfile, pilotMessages } from "@bot-arena/contract";
import { deviationAt, isProvisional, isShielded } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import { pilotRatings, profiles } from "../../platform/db/schema";
import { notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { pilotSeasonSide } from "../seasons/standings";
import { pilotStateOf, shownDelta } from "./ratings";

export const RECENT_PVP_BATTLES = 10;

type BattleRow = {
  battleId: string;
  createdAt: string;
  attacking: boolean;
  defenderWon: boolean;
  opponentName: string | null;
  botName: string;
  opponentBotName: string;
  before: number;
  after: number;
  coinsMoved: string | number;
};

export async function pilotProfile(db: Db, username: string, now: Date): Promise<PilotProfile> {
  const [found] = await db
    .select({ id: profiles.id, username: profiles.username, row: pilotRatings })
    .from(profiles)
    .leftJoin(pilotRatings, sql`${pilotRatings.userId} = ${profiles.id}`)
    .where(sql`lower(${profiles.username}) = lower(${username.trim()})`);
  if (!found) throw notFound(pilotMessages.notFound);
  const state = pilotStateOf(found.row ?? undefined);
  const [battles, season] = await Promise.all([recentBattles(db, found.id), pilotSeasonSide(db, found.id)]);
  const nowMs = now.getTime();
  return {
    username: found.username,
    rating: Math.floor(state.rating.rating),
    deviation: Math.round(deviationAt(state.rating, nowMs)),
    provisional: isProvisional(state.rating, nowMs),
    ...season,
    record: { wins: state.wins, losses: state.losses },
    shieldUntil:
      state.shieldUntil && isShielded(state.shieldUntil.getTime(), nowMs)
        ? state.shieldUntil.toISOString()
        : null,
    recentBattles: battles.map((b) => ({
      battleId: b.battleId,
      createdAt: new Date(b.createdAt).toISOString(),
      role: b.attacking ? "attacker" : "defender",
      won: b.attacking !== b.defenderWon,
      opponentName: b.opponentName,
      botName: b.botName,
      opponentBotName: b.opponentBotName,
      ratingDelta: shownDelta(b.before, b.after),
      coinsMoved: Number(b.coinsMoved),
    })),
  };
}

/** Both sides' battles in one ordered read, each off its own (user, time) index. */
async function recentBattles(db: Db, userId: UserId): Promise<BattleRow[]> {
  const side = (attacking: boolean) => {
    const [me, them] = attacking ? ["attacker", "defender"] : ["defender", "attacker"];
    return sql.raw(`
      select r.battle_id as "battleId", r.created_at as "createdAt", ${attacking} as attacking,
        r.defender_won as "defenderWon", o.username as "opponentName",
        b.${me}_snapshot->>'name' as "botName", b.${them}_snapshot->>'name' as "opponentBotName",
        r.${me}_rating_before as before, r.${me}_rating_after as after, b.coins_moved as "coinsMoved"
      from pvp_results r join battles b on b.id = r.battle_id
      left join profiles o on o.id = r.${them}_user_id
      where r.${me}_user_id = `);
  };
  const result = await db.execute(sql`
    (${side(true)}${userId} order by r.created_at desc limit ${RECENT_PVP_BATTLES})
    union all
    (${side(false)}${userId} order by r.created_at desc limit ${RECENT_PVP_BATTLES})
    order by "createdAt" desc, "battleId" desc limit ${RECENT_PVP_BATTLES}`);
  return rowsOf<BattleRow>(result);
}
