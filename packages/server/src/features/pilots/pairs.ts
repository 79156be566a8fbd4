// A pilot's PvP pairs: every other pilot it fought, with its wins and losses against each (attacking and
// defending together), most battles first. The admin's player page shows them and reads the boost flag off them.
import type { PvpPair } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";

export async function pvpPairsOf(db: Db, ids: readonly UserId[]): Promise<Map<UserId, PvpPair[]>> {
  const pairs = new Map<UserId, PvpPair[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return pairs;
  const list = `{${ids.join(",")}}`;
  const result = await db.execute(sql`
    select x.me as "userId", p.username as opponent, sum(x.won)::int as wins, sum(1 - x.won)::int as losses
    from (
      select attacker_user_id as me, defender_user_id as them, (not defender_won)::int as won
      from pvp_results where attacker_user_id = any(${list}::uuid[])
      union all
      select defender_user_id, attacker_user_id, defender_won::int
      from pvp_results where defender_user_id = any(${list}::uuid[])
    ) x
    join profiles p on p.id = x.them
    group by x.me, p.username
    order by count(*) desc, p.username`);
  for (const row of rowsOf<PvpPair & { userId: UserId }>(result)) {
    pairs.get(row.userId)?.push({ opponent: row.opponent, wins: row.wins, losses: row.losses });
  }
  return pairs;
}
