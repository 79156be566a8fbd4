// Test helpers for the economy features, in the game's language: set a wallet, count every coin in the game,
// and check the ledger invariant after a race.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../platform/db/database";
import { rowsOf } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { verifyLedger } from "../../platform/ledger-verify";

/** Moves the wallet (or vault) to exactly `coins` through the ledger, as a test adjustment. */
export async function setBalance(
  db: Db,
  userId: UserId,
  coins: number,
  account: "wallet" | "vault" = "wallet",
) {
  await db.transaction(async (tx) => {
    const column = account === "wallet" ? sql`coins` : sql`vault_coins`;
    const [row] = rowsOf<{ balance: number }>(
      await tx.execute(sql`select ${column} as balance from profiles where id = ${userId} for update`),
    );
    const delta = coins - (row?.balance ?? 0);
    if (delta !== 0) await moveCoins(tx, { userId, account, delta, reason: "test_adjust" });
  });
}

/** Every coin in the game: all wallets and vaults plus what waits in pending cash-outs. */
export async function coinsInGame(db: Db): Promise<number> {
  const [row] = rowsOf<{ total: string | number }>(
    await db.execute(sql`
      select (select coalesce(sum(coins + vault_coins), 0) from profiles)
           + (select coalesce(sum(amount), 0) from cashout_requests where status = 'pending') as total`),
  );
  return Number(row?.total ?? 0);
}

/** The platform's ledger verification: every balance equals the sum of its ledger rows. */
export async function expectLedgerConsistent(db: Db) {
  const report = await verifyLedger(db);
  expect(report.mismatches).toEqual([]);
}

export async function balancesOf(db: Db, userId: UserId) {
  const [row] = rowsOf<{ coins: number; vaultCoins: number }>(
    await db.execute(sql`select coins, vault_coins as "vaultCoins" from profiles where id = ${userId}`),
  );
  return row!;
}
