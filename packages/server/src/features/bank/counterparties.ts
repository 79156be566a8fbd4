// The other side of each row in a player's coin history: a row of a transfer names the account its other leg
// moved (a player, a tournament, a guild, a war, or the player's own other account); a row with no transfer is
// the house's. A marketplace row also names the bot it was for. One query for a page, only when it has
// transfers or sales.
import type { LedgerCounterparty } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { rowsOf } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";

type HistoryRow = { id: number; transferId: string | null; refType: string | null; refId: string | null };

type Leg = {
  id: number;
  transferId: string;
  account: string;
  userId: string | null;
  player: string | null;
  tournament: string | null;
  guild: string | null;
  war: string | null;
};

export type RowSides = { counterparty: LedgerCounterparty | null; botName?: string };

const SALE_REF_TYPE = "marketplace_sale";

/** Ledger row id -> the other side (and the bot, for a sale), for each of the player's rows on a page. */
export async function counterpartiesOf(
  db: Db,
  userId: UserId,
  rows: readonly HistoryRow[],
): Promise<Map<number, RowSides>> {
  const transferIds = [...new Set(rows.flatMap((row) => (row.transferId ? [row.transferId] : [])))];
  const saleIds = [
    ...new Set(rows.flatMap((row) => (row.refType === SALE_REF_TYPE && row.refId ? [row.refId] : []))),
  ];
  const [legs, bots] = await Promise.all([legsOf(db, transferIds), saleBots(db, saleIds)]);
  const sides = new Map<number, RowSides>();
  for (const row of rows) {
    const other = legs.find((leg) => leg.transferId === row.transferId && leg.id !== row.id);
    const botName = row.refType === SALE_REF_TYPE && row.refId ? bots.get(row.refId) : undefined;
    sides.set(row.id, {
      counterparty: row.transferId === null ? { kind: "house" } : other ? sideOf(other, userId) : null,
      ...(botName === undefined ? {} : { botName }),
    });
  }
  return sides;
}

function sideOf(leg: Leg, userId: UserId): LedgerCounterparty | null {
  if (leg.userId === userId && (leg.account === "wallet" || leg.account === "vault")) {
    return { kind: "own", account: leg.account };
  }
  if (leg.player !== null) return { kind: "player", name: leg.player };
  if (leg.tournament !== null) return { kind: "tournament", name: leg.tournament };
  if (leg.guild !== null) return { kind: "guild", name: leg.guild };
  if (leg.war !== null) return { kind: "war", name: leg.war };
  return null;
}

async function legsOf(db: Db, transferIds: readonly string[]): Promise<Leg[]> {
  if (transferIds.length === 0) return [];
  return rowsOf<Leg>(
    await db.execute(sql`
      select l.id::int as id, l.transfer_id::text as "transferId", l.account, l.user_id::text as "userId",
        p.username as player, t.name as tournament, g.name as guild, w.name as war
      from coin_ledger l
      left join profiles p on p.id = l.user_id
      left join tournaments t on t.id = l.tournament_id
      left join guilds g on g.id = l.guild_id
      left join guild_wars w on w.id = l.war_id
      where l.transfer_id in (${sql.join(
        transferIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
}

/** Sale id -> the name of the bot sold, for the sales whose bot still exists. */
async function saleBots(db: Db, saleIds: readonly string[]): Promise<Map<string, string>> {
  if (saleIds.length === 0) return new Map();
  const rows = rowsOf<{ saleId: string; name: string }>(
    await db.execute(sql`
      select s.id::text as "saleId", b.name from marketplace_sales s join bots b on b.id = s.bot_id
      where s.id in (${sql.join(
        saleIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((row) => [row.saleId, row.name]));
}
