// A battle identical to one of the pair's last two (the same attacker on the same defender, both bots exactly as
// they were, the same winner) says nothing new about either pilot: it is fought and paid, but not rated, so two
// accounts cannot pump a rating by replaying one fight (lichess unrates farmed games the same way).
import type { Side } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import type { FighterSnapshot } from "../battles/snapshot";

/** How many of the pair's latest battles a new one is compared with. */
export const REPEAT_LOOKBACK = 2;

export async function repeatsRecentBattle(
  db: Db,
  input: {
    attackerId: UserId;
    defenderId: UserId;
    attacker: FighterSnapshot;
    defender: FighterSnapshot;
    winner: Side;
  },
): Promise<boolean> {
  const [row] = rowsOf<{ repeats: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from (
          select b.attacker_snapshot, b.defender_snapshot, b.winner
          from pvp_results r join battles b on b.id = r.battle_id
          where r.attacker_user_id = ${input.attackerId} and r.defender_user_id = ${input.defenderId}
          order by r.created_at desc limit ${REPEAT_LOOKBACK}
        ) last
        where last.attacker_snapshot = ${JSON.stringify(input.attacker)}::jsonb
          and last.defender_snapshot = ${JSON.stringify(input.defender)}::jsonb
          and last.winner = ${input.winner}
      ) as repeats`),
  );
  return row?.repeats ?? false;
}
