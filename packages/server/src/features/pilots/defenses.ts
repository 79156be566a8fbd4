// The player's defense log: the last 50 raids on their bots, newest first, each with what it moved and, while
// it is open, the Revenge (the raiding bot, if its pilot still has it).
import type { DefenseLog } from "@bot-arena/contract";
import { isShielded, PVP_REVENGE_MS, revengeOpen } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import { pilotStates, shownDelta } from "./ratings";

export const DEFENSE_LOG_SIZE = 50;

type Row = {
  battleId: string;
  createdAt: string;
  attackerName: string | null;
  attackerBotName: string;
  botName: string;
  held: boolean;
  coinsMoved: string | number;
  before: number;
  after: number;
  raidingBotId: string | null;
  avenged: boolean;
};

export async function defenseLog(db: Db, userId: UserId, now: Date): Promise<DefenseLog> {
  const [result, states] = await Promise.all([
    db.execute(sql`
      select r.battle_id as "battleId", r.created_at as "createdAt", a.username as "attackerName",
        b.attacker_snapshot->>'name' as "attackerBotName", b.defender_snapshot->>'name' as "botName",
        r.defender_won as held, b.coins_moved as "coinsMoved",
        r.defender_rating_before as before, r.defender_rating_after as after,
        rb.id as "raidingBotId",
        exists (select 1 from pvp_results v where v.revenge_of = r.battle_id) as avenged
      from pvp_results r
      join battles b on b.id = r.battle_id
      left join profiles a on a.id = r.attacker_user_id
      left join bots rb on rb.id = b.attacker_bot_id and rb.user_id = r.attacker_user_id
      where r.defender_user_id = ${userId}
      order by r.created_at desc, r.battle_id desc
      limit ${DEFENSE_LOG_SIZE}`),
    pilotStates(db, [userId]),
  ]);
  const nowMs = now.getTime();
  const shield = states.get(userId)?.shieldUntil ?? null;
  return {
    shieldUntil: shield && isShielded(shield.getTime(), nowMs) ? shield.toISOString() : null,
    defenses: rowsOf<Row>(result).map((row) => {
      const at = new Date(row.createdAt).getTime();
      const open = row.raidingBotId !== null && revengeOpen(at, row.avenged, nowMs);
      const coins = Number(row.coinsMoved);
      return {
        battleId: row.battleId,
        createdAt: new Date(at).toISOString(),
        attackerName: row.attackerName,
        attackerBotName: row.attackerBotName,
        botName: row.botName,
        held: row.held,
        coinsDelta: row.held ? coins : -coins,
        ratingDelta: shownDelta(row.before, row.after),
        revengeBotId: open ? row.raidingBotId : null,
        revengeUntil: open ? new Date(at + PVP_REVENGE_MS).toISOString() : null,
        avenged: row.avenged,
      };
    }),
  };
}
