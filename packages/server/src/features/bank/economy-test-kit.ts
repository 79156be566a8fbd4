// Test helpers for the economy features (beside the roster's bots/testing.ts): a vault balance, every coin in
// the game counted, and bots of a chosen rarity and level put straight into a roster.
import { sql } from "drizzle-orm";
import type { Player } from "../../../test/helpers";
import type { Db } from "../../platform/db/database";
import { rowsOf } from "../../platform/db/database";
import { bots } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { bySignedAmount, moveCoins } from "../../platform/ledger";

/** Moves the vault to exactly `coins` through the ledger, as a test adjustment. */
export async function setVault(db: Db, player: Player, coins: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ vault: number }>(
      await tx.execute(sql`select vault_coins as vault from profiles where id = ${player.id} for update`),
    );
    const delta = coins - (row?.vault ?? 0);
    if (delta !== 0)
      await moveCoins(tx, {
        userId: player.id,
        account: "vault",
        ...bySignedAmount(delta),
        reason: "test_grant",
      });
  });
}

/** Every coin in the game: wallets, vaults, tournament pools, guild banks, war pools and pending cash-outs. */
export async function coinsInGame(db: Db): Promise<number> {
  const [row] = rowsOf<{ total: string | number }>(
    await db.execute(sql`
      select (select coalesce(sum(coins + vault_coins), 0) from profiles)
           + (select coalesce(sum(pool_balance), 0) from tournaments)
           + (select coalesce(sum(bank_balance), 0) from guilds)
           + (select coalesce(sum(pool_balance), 0) from guild_wars)
           + (select coalesce(sum(amount), 0) from cashout_requests where status = 'pending') as total`),
  );
  return Number(row?.total ?? 0);
}

export async function balancesOf(db: Db, userId: UserId): Promise<{ coins: number; vaultCoins: number }> {
  const [row] = rowsOf<{ coins: number; vaultCoins: number }>(
    await db.execute(sql`select coins, vault_coins as "vaultCoins" from profiles where id = ${userId}`),
  );
  return row!;
}

let botCount = 0;

/** A ready bot (named, points placed) of the given shape, straight into the player's roster. */
export async function insertBot(db: Db, player: Player, shape: Partial<typeof bots.$inferInsert> = {}) {
  botCount += 1;
  const [row] = await db
    .insert(bots)
    .values({
      userId: player.id,
      name: `Unit ${botCount}`,
      model: "Striker X-1",
      class: "hero",
      rarity: "common",
      strength: 10,
      agility: 10,
      defense: 10,
      intelligence: 10,
      statPointsAllocated: true,
      colorPrimary: "#00d4ff",
      colorSecondary: "#0066ff",
      ...shape,
    })
    .returning();
  return row!;
}
