// The economy's invariants, checked from outside: every balance equals the sum of its ledger rows, for every
// account kind (wallets, vaults, tournament pools, guild banks, war pools), and every transfer (the rows that
// share a transfer id) nets to zero. Compared by the database and read back as text into
// bigint: sums of a large economy pass 2^53, where a JavaScript number stops being exact.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "./db/database";
import type { LedgerAccount } from "./db/schema";

/** `userId` is the account's owner: a player, or the tournament, guild or war that holds the pool or bank. */
export type LedgerMismatch = { userId: string; account: LedgerAccount; balance: bigint; ledgerSum: bigint };
/** A transfer whose rows do not net to zero; a lost leg is one (no row moves 0 coins). */
export type UnbalancedTransfer = { transferId: string; rows: number; net: bigint };
export type LedgerReport = {
  accounts: number;
  mismatches: LedgerMismatch[];
  /** Transfers checked, how many of them are unbalanced, and the first of those by id. */
  transfers: number;
  unbalancedCount: number;
  unbalanced: UnbalancedTransfer[];
};

/** How many unbalanced transfers a report names; past it only the count says how many more. */
const UNBALANCED_SHOWN = 20;

export async function verifyLedger(db: Db): Promise<LedgerReport> {
  const result = await db.execute(sql`
    with sums as (
      select account, coalesce(user_id, tournament_id, guild_id, war_id) as owner, sum(delta) as total
      from coin_ledger group by 1, 2
    ), balances as (
      select 'wallet' as account, id as owner, coins as balance from profiles
      union all select 'vault', id, vault_coins from profiles
      union all select 'tournament_pool', id, pool_balance from tournaments
      union all select 'guild_bank', id, bank_balance from guilds
      union all select 'war_pool', id, pool_balance from guild_wars
    ), joined as (
      select coalesce(b.account, s.account) as account, coalesce(b.owner, s.owner)::text as owner,
        coalesce(b.balance, 0)::numeric as balance, coalesce(s.total, 0)::numeric as total
      from balances b full join sums s on s.account = b.account and s.owner = b.owner
    )
    select count(*)::int as accounts,
      coalesce(json_agg(json_build_object('account', account, 'owner', owner,
        'balance', balance::text, 'ledgerSum', total::text)) filter (where balance <> total), '[]') as mismatches
    from joined`);
  const [row] = rowsOf<{
    accounts: number;
    mismatches: { account: LedgerAccount; owner: string; balance: string; ledgerSum: string }[];
  }>(result);
  return {
    accounts: row?.accounts ?? 0,
    mismatches: (row?.mismatches ?? []).map((m) => ({
      userId: m.owner,
      account: m.account,
      balance: BigInt(m.balance),
      ledgerSum: BigInt(m.ledgerSum),
    })),
    ...(await verifyTransfers(db)),
  };
}

async function verifyTransfers(
  db: Db,
): Promise<Pick<LedgerReport, "transfers" | "unbalancedCount" | "unbalanced">> {
  const result = await db.execute(sql`
    with transfers as (
      select transfer_id, count(*)::int as rows, sum(delta) as net
      from coin_ledger where transfer_id is not null group by 1
    ), unbalanced as (
      select * from transfers where net <> 0 order by transfer_id limit ${UNBALANCED_SHOWN}
    )
    select (select count(*)::int from transfers) as transfers,
      (select count(*)::int from transfers where net <> 0) as "unbalancedCount",
      coalesce((select json_agg(json_build_object('transferId', transfer_id, 'rows', rows, 'net', net::text))
        from unbalanced), '[]') as unbalanced`);
  const [row] = rowsOf<{
    transfers: number;
    unbalancedCount: number;
    unbalanced: { transferId: string; rows: number; net: string }[];
  }>(result);
  const shown = (row?.unbalanced ?? []).map((t) => ({ ...t, net: BigInt(t.net) }));
  return { transfers: row?.transfers ?? 0, unbalanced: shown, unbalancedCount: row?.unbalancedCount ?? 0 };
}
