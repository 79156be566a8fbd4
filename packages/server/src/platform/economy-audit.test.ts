// The economy audit: quiet on a clean economy, and names each broken invariant.
import { Coins } from "@bot-arena/game";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../../test/helpers";
import { lockProfiles } from "./db/locks";
import { profiles } from "./db/schema";
import { auditEconomy, MAX_BOTS_PER_PLAYER, reasonKind } from "./economy-audit";
import type { UserId } from "./ids";
import { type CoinMove, moveCoins, newTransferId } from "./ledger";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every player's profile first, in id order, as a rule's transaction holds them (the lock order).
const moves = (list: CoinMove[]) =>
  t.db.transaction(async (tx) => {
    await lockProfiles(
      tx,
      list.flatMap((move) => ("userId" in move && move.userId ? [move.userId] : [])),
    );
    for (const move of list) await moveCoins(tx, move);
  });

describe("reasonKind", () => {
  it("sorts the rules' reasons into creation, destruction and transfer", () => {
    expect(["signup_bonus", "admin_grant", "recycle_refund"].map(reasonKind)).toEqual(
      Array(3).fill("creation"),
    );
    expect(["summon", "shop_purchase", "repair", "cashout"].map(reasonKind)).toEqual(
      Array(4).fill("destruction"),
    );
    expect(["pvp_win", "marketplace_sale", "vault_deposit"].map(reasonKind)).toEqual(
      Array(3).fill("transfer"),
    );
    expect(reasonKind("lottery")).toBe("unclassified");
  });
});

describe("auditEconomy", () => {
  it("finds nothing wrong when every move went through the rules", async () => {
    const [ann, bob] = [await signUp(t.app), await signUp(t.app)];
    const [stake, deposit] = [newTransferId(), newTransferId()];
    await moves([
      { userId: ann.id, account: "wallet", debit: Coins(500), reason: "summon" },
      { userId: ann.id, account: "wallet", debit: Coins(100), reason: "pvp_loss", transferId: stake },
      { userId: bob.id, account: "wallet", credit: Coins(100), reason: "pvp_win", transferId: stake },
      { userId: bob.id, account: "wallet", debit: Coins(50), reason: "vault_deposit", transferId: deposit },
      { userId: bob.id, account: "vault", credit: Coins(50), reason: "vault_deposit", transferId: deposit },
    ]);
    const audit = await auditEconomy(t.db);
    expect(audit.problems).toEqual([]);
    expect(audit).toMatchObject({ balances: 1500n, created: 2000n, destroyed: 500n });
  });

  it("names a transfer that created coins, an unknown reason and a balance off its ledger", async () => {
    const cheat = await signUp(t.app);
    await moves([
      { userId: cheat.id, account: "wallet", credit: Coins(70), reason: "pvp_win" },
      { userId: cheat.id, account: "wallet", credit: Coins(3), reason: "lottery" },
    ]);
    await t.db
      .update(profiles)
      .set({ coins: sql`${profiles.coins} + 1` })
      .where(eq(profiles.id, cheat.id));
    const { problems } = await auditEconomy(t.db);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("transfers of pvp net 70"),
        expect.stringContaining("unclassified ledger reason lottery"),
        expect.stringContaining(`${cheat.id} wallet: balance 1074 but ledger sum 1073`),
        expect.stringContaining("balances hold"),
      ]),
    );
  });

  it("names a transfer that does not net to zero, and transfer rows that belong to no transfer", async () => {
    const [ann, bob] = [await signUp(t.app), await signUp(t.app)];
    const skimmed = newTransferId();
    await moves([
      {
        userId: ann.id,
        account: "wallet",
        debit: Coins(40),
        reason: "marketplace_purchase",
        transferId: skimmed,
      },
      {
        userId: bob.id,
        account: "wallet",
        credit: Coins(30),
        reason: "marketplace_sale",
        transferId: skimmed,
      },
      { userId: bob.id, account: "wallet", credit: Coins(10), reason: "marketplace_sale" },
      { userId: ann.id, account: "wallet", debit: Coins(8), reason: "guild_donation" },
      { userId: bob.id, account: "wallet", credit: Coins(8), reason: "guild_donation" },
    ]);
    const { problems } = await auditEconomy(t.db);
    // Each reason family still nets to zero: only the transfers show that 10 coins were skimmed.
    expect(
      problems.filter((p) => p.startsWith("transfers of market") || p.startsWith("transfers of guild")),
    ).toEqual([]);
    expect(problems).toEqual(
      expect.arrayContaining([
        `transfer ${skimmed}: 2 row(s) net -10, not 0`,
        "1 marketplace_sale row(s) belong to no transfer",
        "2 guild_donation row(s) belong to no transfer",
      ]),
    );
  });

  it("names a player over the bot cap", async () => {
    const hoarder = await signUp(t.app);
    await insertBots(hoarder.id, MAX_BOTS_PER_PLAYER + 1);
    expect((await auditEconomy(t.db)).problems).toContain(`a player holds ${MAX_BOTS_PER_PLAYER + 1} bots`);
  });

  it("adds up exactly past 2^53, where a JavaScript number rounds", async () => {
    const before = await auditEconomy(t.db);
    const [rich, richer] = [await signUp(t.app), await signUp(t.app)];
    // Each a safe integer; their sum (12,000,000,000,000,003) is odd and past 2^53, so no number holds it.
    const big = 6_000_000_000_000_001;
    await grantPastTheMaximum(rich.id, "coins", big);
    await grantPastTheMaximum(richer.id, "vault_coins", big + 1);
    const after = await auditEconomy(t.db);
    const added = 2n * 1000n + 2n * BigInt(big) + 1n;
    expect(after.balances - before.balances).toBe(added);
    expect(after.created - before.created).toBe(added);
    // The coin slipped in behind the ledger's back above is still exactly one coin, not a rounding.
    expect(after.problems.filter((p) => p.startsWith("balances hold"))).toEqual([
      `balances hold ${after.balances} but the ledger accounts for ${after.balances - 1n}`,
    ]);
  });
});

/**
 * A balance and its ledger row past the coin maximum, which moveCoins refuses: an economy passes 2^53 only summed
 * over thousands of accounts, so two rows written as if stored before the rule stand in for them.
 */
async function grantPastTheMaximum(userId: UserId, column: "coins" | "vault_coins", amount: number) {
  const account = column === "coins" ? "wallet" : "vault";
  await t.db.execute(sql`
    with moved as (
      update profiles set ${sql.raw(column)} = ${sql.raw(column)} + ${amount}::bigint where id = ${userId}
      returning ${sql.raw(column)} as balance
    )
    insert into coin_ledger (user_id, account, delta, balance_after, reason)
    select ${userId}::uuid, ${account}, ${amount}::bigint, balance, 'admin_grant' from moved`);
}

async function insertBots(userId: UserId, count: number) {
  for (let i = 0; i < count; i++) {
    await t.db.execute(sql`insert into bots (user_id, name, model, strength, agility, defense, intelligence,
      color_primary, color_secondary) values (${userId}, ${`Hoard ${i}`}, 'Striker X-1', 10, 10, 10, 10, '#000', '#fff')`);
  }
}
