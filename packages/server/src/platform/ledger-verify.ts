// The economy's invariant, checked from outside: every balance equals the sum of its ledger rows.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "./db/database";
import type { LedgerAccount } from "./db/schema";

export type LedgerMismatch = { userId: string; account: LedgerAccount; balance: number; ledgerSum: number };
export type LedgerReport = { accounts: number; mismatches: LedgerMismatch[] };

export async function verifyLedger(db: Db): Promise<LedgerReport> {
  const result = await db.execute(sql`
    select p.id as "userId", p.coins, p.vault_coins as "vaultCoins",
      coalesce(sum(l.delta) filter (where l.account = 'wallet'), 0)::bigint as "walletSum",
      coalesce(sum(l.delta) filter (where l.account = 'vault'), 0)::bigint as "vaultSum"
    from profiles p left join coin_ledger l on l.user_id = p.id
    group by p.id`);
  const rows = rowsOf<{
    userId: string;
    coins: number;
    vaultCoins: number;
    walletSum: unknown;
    vaultSum: unknown;
  }>(result);
  const mismatches: LedgerMismatch[] = [];
  for (const row of rows) {
    const checks = [
      { account: "wallet", balance: row.coins, ledgerSum: Number(row.walletSum) },
      { account: "vault", balance: row.vaultCoins, ledgerSum: Number(row.vaultSum) },
    ] as const;
    for (const check of checks) {
      if (check.balance !== check.ledgerSum) mismatches.push({ userId: row.userId, ...check });
    }
  }
  return { accounts: rows.length, mismatches };
}
