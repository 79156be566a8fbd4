// What the PvP protections read from the database: for one challenge, the target's defenses and losses of the
// last 24 hours, whether this attacker already hit it then, and whether the two are linked; for the opponent
// list, the same rules as one SQL condition on a candidate bot's owner, so the list never offers whom a
// challenge would refuse. Read under both profiles' locks when a battle depends on it.
import {
  PVP_PROTECTION_WINDOW_MS,
  type PvpProtectionRules,
  type PvpTarget,
  RATING_START,
} from "@bot-arena/game";
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import { linkedIdsSql } from "../account/links";

export type PvpProtection = PvpProtectionRules & {
  /** PVP_REFUSE_LINKED: linked accounts never fight each other (off only where every browser shares an address). */
  refuseLinked: boolean;
  /** The cash-out rule's link window, in days. */
  linkWindowDays: number;
};

const since = (now: Date) => new Date(now.getTime() - PVP_PROTECTION_WINDOW_MS).toISOString();

export type TargetState = PvpTarget & { lossesToday: number };

export async function targetState(
  db: Db,
  input: { attackerId: UserId; defenderId: UserId; now: Date; rules: PvpProtection },
): Promise<TargetState> {
  const { attackerId, defenderId, rules } = input;
  const from = since(input.now);
  const linked = rules.refuseLinked
    ? sql`exists (select 1 from (${linkedIdsSql(attackerId, rules.linkWindowDays)}) l where l.user_id = ${defenderId})`
    : sql`false`;
  const [row] = rowsOf<{
    defenses: number;
    losses: number;
    attacked: boolean;
    linked: boolean;
    shield: string | null;
  }>(
    await db.execute(sql`
      select
        (select count(*)::int from pvp_results where defender_user_id = ${defenderId}
          and created_at > ${from}::timestamptz) as defenses,
        (select count(*)::int from pvp_results where defender_user_id = ${defenderId}
          and created_at > ${from}::timestamptz and not defender_won) as losses,
        exists (select 1 from pvp_results where attacker_user_id = ${attackerId}
          and defender_user_id = ${defenderId} and created_at > ${from}::timestamptz) as attacked,
        ${linked} as linked,
        (select shield_until from pilot_ratings where user_id = ${defenderId}) as shield`),
  );
  return {
    defensesToday: Number(row?.defenses ?? 0),
    lossesToday: Number(row?.losses ?? 0),
    attackedRecently: row?.attacked ?? false,
    linked: row?.linked ?? false,
    shieldUntilMs: row?.shield ? new Date(row.shield).getTime() : null,
  };
}

/** A pilot's rating in SQL, the start for one without a row. */
export const ratingOfSql = (userId: SQL) =>
  sql`coalesce((select rating from pilot_ratings where user_id = ${userId}), ${RATING_START})`;

/**
 * The owner `ownerId` (a column) may be offered to `viewerId`: not shielded, under the daily defense cap, not
 * attacked by the viewer in the last 24 hours, and not linked to the viewer.
 */
export function offerableSql(ownerId: SQL, viewerId: UserId, now: Date, rules: PvpProtection): SQL {
  const from = since(now);
  const notLinked = rules.refuseLinked
    ? sql`and ${ownerId} not in (${linkedIdsSql(viewerId, rules.linkWindowDays)})`
    : sql``;
  return sql`(
    not exists (select 1 from pilot_ratings s where s.user_id = ${ownerId}
      and s.shield_until > ${now.toISOString()}::timestamptz)
    and (select count(*) from pvp_results d where d.defender_user_id = ${ownerId}
      and d.created_at > ${from}::timestamptz) < ${rules.defensesPerDay}
    and not exists (select 1 from pvp_results f where f.attacker_user_id = ${viewerId}
      and f.defender_user_id = ${ownerId} and f.created_at > ${from}::timestamptz)
    ${notLinked})`;
}
