// A guild bank's history, read from the ledger itself (the guild_bank account's rows), so what members see is
// exactly what `ledger:verify` proves: every donation with its donor, every prize (and an old war's stake) with
// its war.
import type { BankEntryKind, GuildBankEntry } from "@bot-arena/contract";
import { GUILD_BANK_HISTORY_LIMIT } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";

type Row = {
  id: number | string;
  reason: string;
  delta: number | string;
  balanceAfter: number | string;
  username: string | null;
  warId: string | null;
  warName: string | null;
  createdAt: Date | string;
};

function kindOf(reason: string): BankEntryKind {
  if (reason === "guild_donation") return "donation";
  if (reason === "war_stake") return "war_stake";
  // A prize the house pays (every war since issue 26), or one from an old war's pool of stakes.
  if (reason === "war_prize" || reason === "house_reward_war") return "war_prize";
  if (reason.startsWith("house_cut_guild")) return "disband";
  if (reason === "guild_perk") return "perk";
  return "other";
}

export async function readBankHistory(db: Db, guildId: string): Promise<GuildBankEntry[]> {
  // Donations point at their contribution row (the donor); prizes (and old stakes) at their war.
  const result = await db.execute(sql`
    select l.id, l.reason, l.delta, l.balance_after as "balanceAfter", p.username,
      w.id as "warId", w.name as "warName", l.created_at as "createdAt"
    from coin_ledger l
    left join guild_contributions c on l.ref_type = 'guild_contribution' and c.id::text = l.ref_id
    left join profiles p on p.id = c.user_id
    left join guild_wars w on l.ref_type = 'guild_war' and w.id::text = l.ref_id
    where l.guild_id = ${guildId}::uuid and l.account = 'guild_bank'
    order by l.id desc
    limit ${GUILD_BANK_HISTORY_LIMIT}`);
  return rowsOf<Row>(result).map((row) => ({
    id: Number(row.id),
    kind: kindOf(row.reason),
    delta: Number(row.delta),
    balanceAfter: Number(row.balanceAfter),
    username: row.username,
    warId: row.warId,
    warName: row.warName,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}
