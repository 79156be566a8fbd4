// The ledger: conditional updates that never overdraw, a row per move, and the sum invariant.
import { Coins, MAX_BALANCE } from "@bot-arena/game";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../../test/helpers";
import { raceIt } from "../../test/race";
import { lockProfiles } from "./db/locks";
import { coinLedger, profiles } from "./db/schema";
import { AppError } from "./errors";
import type { UserId } from "./ids";
import { type CoinMove, moveCoins, newTransferId, type Payout, payOut, sweepToHouse } from "./ledger";
import { verifyLedger } from "./ledger-verify";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const move = (m: CoinMove) => t.db.transaction((tx) => moveCoins(tx, m));
const balances = async (userId: UserId) => {
  const [row] = await t.db
    .select({ coins: profiles.coins, vaultCoins: profiles.vaultCoins })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row!;
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof AppError ? { status: error.status, code: error.code, message: error.message } : error,
  );

describe("moveCoins", () => {
  it("moves coins, returns the balance after and writes a ledger row with the reference", async () => {
    const player = await signUp(t.app);
    const after = await move({
      userId: player.id,
      account: "wallet",
      debit: Coins(300),
      reason: "summon",
      refType: "bot",
      refId: "b-1",
    });
    expect(after).toBe(700);
    const rows = await t.db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.userId, player.id))
      .orderBy(asc(coinLedger.id));
    expect(rows.map((r) => [r.account, r.delta, r.balanceAfter, r.reason, r.refType, r.refId])).toEqual([
      ["wallet", 1000, 1000, "signup_bonus", null, null],
      ["wallet", -300, 700, "summon", "bot", "b-1"],
    ]);
  });

  it("keeps the vault as its own account", async () => {
    const player = await signUp(t.app);
    await t.db.transaction(async (tx) => {
      await moveCoins(tx, {
        userId: player.id,
        account: "wallet",
        debit: Coins(400),
        reason: "vault_deposit",
      });
      await moveCoins(tx, {
        userId: player.id,
        account: "vault",
        credit: Coins(400),
        reason: "vault_deposit",
      });
    });
    expect(await balances(player.id)).toEqual({ coins: 600, vaultCoins: 400 });
    expect((await player.get("/api/me")).json()).toMatchObject({ coins: 600, vaultCoins: 400 });
  });

  it("refuses to go below zero with NOT_ENOUGH_COINS and changes nothing", async () => {
    const player = await signUp(t.app);
    expect(
      await refusal(move({ userId: player.id, account: "wallet", debit: Coins(1001), reason: "summon" })),
    ).toEqual({
      status: 409,
      code: "NOT_ENOUGH_COINS",
      message: "Not enough coins!",
    });
    expect(
      await refusal(
        move({
          userId: player.id,
          account: "vault",
          debit: Coins(1),
          reason: "cashout",
          message: "Insufficient vault balance",
        }),
      ),
    ).toMatchObject({ code: "NOT_ENOUGH_COINS", message: "Insufficient vault balance" });
    expect(await balances(player.id)).toEqual({ coins: 1000, vaultCoins: 0 });
    expect(await t.db.select().from(coinLedger).where(eq(coinLedger.userId, player.id))).toHaveLength(1);
  });

  it("spends a balance down to exactly zero", async () => {
    const player = await signUp(t.app);
    expect(await move({ userId: player.id, account: "wallet", debit: Coins(1000), reason: "summon" })).toBe(
      0,
    );
  });

  it("rolls the move back with the caller's transaction", async () => {
    const player = await signUp(t.app);
    await expect(
      t.db.transaction(async (tx) => {
        await moveCoins(tx, { userId: player.id, account: "wallet", debit: Coins(500), reason: "summon" });
        throw new Error("the thing it paid for failed");
      }),
    ).rejects.toThrow();
    expect(await balances(player.id)).toEqual({ coins: 1000, vaultCoins: 0 });
  });

  it("answers 404 for an account that does not exist and rejects a zero or fractional amount", async () => {
    const ghost = "00000000-0000-4000-8000-000000000000" as UserId;
    expect(
      await refusal(move({ userId: ghost, account: "wallet", credit: Coins(5), reason: "gift" })),
    ).toMatchObject({
      status: 404,
    });
    const player = await signUp(t.app);
    await expect(
      move({ userId: player.id, account: "wallet", credit: Coins(0), reason: "noop" }),
    ).rejects.toThrow(/whole number above 0/);
    // The brand refuses a fraction where an amount is made, and moveCoins again for a caller that cast around it.
    expect(() => Coins(1.5)).toThrow(RangeError);
    expect(() => Coins(-1)).toThrow(RangeError);
    await expect(
      move({ userId: player.id, account: "wallet", credit: 1.5 as Coins, reason: "noop" }),
    ).rejects.toThrow(/whole number above 0/);
    expect(await balances(player.id)).toEqual({ coins: 1000, vaultCoins: 0 });
  });

  raceIt("never overdraws under 20 parallel spends in separate transactions", async () => {
    const player = await signUp(t.app);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        move({ userId: player.id, account: "wallet", debit: Coins(150), reason: "summon", refId: String(i) }),
      ),
    );
    const succeeded = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter(
      (r) => r.status === "rejected" && r.reason instanceof AppError && r.reason.code === "NOT_ENOUGH_COINS",
    );
    expect(succeeded).toHaveLength(6); // 6 x 150 = 900 of 1000
    expect(refused).toHaveLength(14);
    expect(await balances(player.id)).toEqual({ coins: 100, vaultCoins: 0 });
    const spends = await t.db.select().from(coinLedger).where(eq(coinLedger.reason, "summon"));
    expect(spends.filter((r) => r.userId === player.id)).toHaveLength(6);
    expect((await verifyLedger(t.db)).mismatches).toEqual([]);
  });
});

describe("the coin maximum of 1,000,000,000,000", () => {
  const MAX = 1_000_000_000_000;
  const ledgerRowsOf = (userId: UserId) =>
    t.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.id));
  /** A new player whose wallet holds `coins`. */
  async function playerWith(coins: number) {
    const player = await signUp(t.app);
    await move({ userId: player.id, account: "wallet", credit: Coins(coins - 1000), reason: "gift" });
    return player;
  }

  it("credits a wallet to exactly the maximum, refuses one coin more with the message and moves nothing", async () => {
    const player = await signUp(t.app);
    expect(
      await move({ userId: player.id, account: "wallet", credit: Coins(MAX - 1000), reason: "gift" }),
    ).toBe(MAX);
    const before = await ledgerRowsOf(player.id);
    expect(
      await refusal(move({ userId: player.id, account: "wallet", credit: Coins(1), reason: "gift" })),
    ).toEqual({
      status: 409,
      code: "LIMIT_REACHED",
      message: "That would take the wallet past the 1,000,000,000,000 coin maximum.",
    });
    expect(await balances(player.id)).toEqual({ coins: MAX, vaultCoins: 0 });
    expect(await ledgerRowsOf(player.id)).toEqual(before);
    // A full wallet still spends.
    expect(await move({ userId: player.id, account: "wallet", debit: Coins(1), reason: "summon" })).toBe(
      MAX - 1,
    );
  });

  it("names the account as the caller asks, and rolls back the transfer's other leg", async () => {
    const full = await playerWith(MAX);
    const payer = await signUp(t.app);
    const sale = t.db.transaction(async (tx) => {
      // Both wallets first, in id order, as a sale holds them (the lock order).
      await lockProfiles(tx, [payer.id, full.id]);
      await moveCoins(tx, {
        userId: payer.id,
        account: "wallet",
        debit: Coins(300),
        reason: "marketplace_purchase",
      });
      await moveCoins(tx, {
        userId: full.id,
        account: "wallet",
        credit: Coins(300),
        reason: "marketplace_sale",
        maxMessage: "That would take the seller's wallet past the 1,000,000,000,000 coin maximum.",
      });
    });
    expect(await refusal(sale)).toEqual({
      status: 409,
      code: "LIMIT_REACHED",
      message: "That would take the seller's wallet past the 1,000,000,000,000 coin maximum.",
    });
    expect(await balances(payer.id)).toEqual({ coins: 1000, vaultCoins: 0 });
    expect(await balances(full.id)).toEqual({ coins: MAX, vaultCoins: 0 });
  });
});

describe("payOut", () => {
  const MAX = 1_000_000_000_000;
  // The two wallets held first, as an event's payout holds its row before it pays (the lock order).
  const walletsOf = (p: Payout) =>
    [p.from, p.to].flatMap((leg) => (leg?.account === "wallet" ? [leg.userId] : []));
  const pay = (p: Payout) =>
    t.db.transaction(async (tx) => {
      await lockProfiles(tx, walletsOf(p));
      return payOut(tx, p);
    });
  const rowsOf = async (userId: UserId) =>
    (
      await t.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.id))
    ).map((r) => [r.delta, r.balanceAfter, r.reason]);
  async function playerWith(coins: number) {
    const player = await signUp(t.app);
    await move({ userId: player.id, account: "wallet", credit: Coins(coins - 1000), reason: "gift" });
    return player;
  }

  it("pays in full below the maximum, as a transfer of two rows", async () => {
    const [payer, winner] = await Promise.all([signUp(t.app), signUp(t.app)]);
    expect(
      await pay({
        from: { account: "wallet", userId: payer.id },
        to: { account: "wallet", userId: winner.id },
        amount: Coins(180),
        reason: "tournament_prize",
        overflowReason: "house_cut_tournament_overflow",
      }),
    ).toEqual({ credited: 180, overflow: 0 });
    expect(await rowsOf(payer.id)).toEqual([
      [1000, 1000, "signup_bonus"],
      [-180, 820, "tournament_prize"],
    ]);
    expect(await rowsOf(winner.id)).toEqual([
      [1000, 1000, "signup_bonus"],
      [180, 1180, "tournament_prize"],
    ]);
  });

  it("fills a nearly full wallet to the maximum; the payer gives the rest to the house", async () => {
    const payer = await signUp(t.app);
    const winner = await playerWith(MAX - 100);
    expect(
      await pay({
        from: { account: "wallet", userId: payer.id },
        to: { account: "wallet", userId: winner.id },
        amount: Coins(180),
        reason: "tournament_prize",
        overflowReason: "house_cut_tournament_overflow",
      }),
    ).toEqual({ credited: 100, overflow: 80 });
    expect(await balances(winner.id)).toEqual({ coins: MAX, vaultCoins: 0 });
    expect((await rowsOf(winner.id)).at(-1)).toEqual([100, MAX, "tournament_prize"]);
    expect((await rowsOf(payer.id)).slice(1)).toEqual([
      [-100, 900, "tournament_prize"],
      [-80, 820, "house_cut_tournament_overflow"],
    ]);
    expect((await verifyLedger(t.db)).mismatches).toEqual([]);
  });

  it("to a full wallet credits nothing: all of it goes to the house, or is never created by it", async () => {
    const payer = await signUp(t.app);
    const full = await playerWith(MAX);
    expect(
      await pay({
        from: { account: "wallet", userId: payer.id },
        to: { account: "wallet", userId: full.id },
        amount: Coins(150),
        reason: "tournament_refund",
        overflowReason: "house_cut_tournament_overflow",
      }),
    ).toEqual({ credited: 0, overflow: 150 });
    expect(
      await pay({
        to: { account: "wallet", userId: full.id },
        amount: Coins(1000),
        reason: "house_reward_tournament",
      }),
    ).toEqual({ credited: 0, overflow: 1000 });
    expect(await balances(full.id)).toEqual({ coins: MAX, vaultCoins: 0 });
    expect(await rowsOf(full.id)).toHaveLength(2);
    expect((await rowsOf(payer.id)).slice(1)).toEqual([[-150, 850, "house_cut_tournament_overflow"]]);
  });

  it("still refuses a payer who cannot pay", async () => {
    const [payer, winner] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const paying = pay({
      from: { account: "wallet", userId: payer.id },
      to: { account: "wallet", userId: winner.id },
      amount: Coins(1001),
      reason: "tournament_prize",
      overflowReason: "house_cut_tournament_overflow",
    });
    expect(await refusal(paying)).toMatchObject({ code: "NOT_ENOUGH_COINS" });
    expect(await balances(winner.id)).toEqual({ coins: 1000, vaultCoins: 0 });
  });
});

describe("sweepToHouse", () => {
  const sweep = (userId: UserId) =>
    t.db.transaction((tx) =>
      sweepToHouse(tx, {
        from: { account: "wallet", userId, refType: "test", refId: "sweep" },
        reason: "house_cut_test",
      }),
    );

  it("takes the whole balance in one row of the reason, in no transfer; an empty account moves nothing", async () => {
    const player = await signUp(t.app);
    expect(await sweep(player.id)).toBe(1000);
    expect(await sweep(player.id)).toBe(0);
    expect((await balances(player.id)).coins).toBe(0);
    const rows = await t.db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.userId, player.id))
      .orderBy(asc(coinLedger.id));
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.reason, r.refType, r.refId, r.transferId])).toEqual([
      [1000, 1000, "signup_bonus", null, null, null],
      [-1000, 0, "house_cut_test", "test", "sweep", null],
    ]);
  });
});

describe("transfer ids", () => {
  const transferIdsOf = async (userIds: UserId[]) =>
    (
      await t.db
        .select({ userId: coinLedger.userId, reason: coinLedger.reason, transferId: coinLedger.transferId })
        .from(coinLedger)
        .where(inArray(coinLedger.userId, userIds))
        .orderBy(asc(coinLedger.id))
    ).map((r) => [r.userId, r.reason, r.transferId]);

  it("a payout's two legs share one id of their own; the house's overflow cut and a house reward carry none", async () => {
    const payer = await signUp(t.app);
    const winner = await signUp(t.app);
    await move({ userId: winner.id, account: "wallet", credit: Coins(MAX_BALANCE - 1100), reason: "gift" });
    const pay = (p: Payout) =>
      t.db.transaction(async (tx) => {
        await lockProfiles(tx, [payer.id, winner.id]);
        return payOut(tx, p);
      });
    const prize = {
      from: { account: "wallet", userId: payer.id },
      to: { account: "wallet", userId: winner.id },
      reason: "tournament_prize",
      overflowReason: "house_cut_tournament_overflow",
    } as const;
    await pay({ ...prize, amount: Coins(30) });
    await pay({ ...prize, amount: Coins(90) });
    await pay({ to: { account: "wallet", userId: payer.id }, amount: Coins(5), reason: "house_reward_test" });
    const rows = await transferIdsOf([payer.id, winner.id]);
    const ids = rows.filter(([, reason]) => reason === "tournament_prize").map(([, , id]) => id);
    const [first, second] = [...new Set(ids)];
    // 30 in full (two legs), then 70 of 90 under the maximum (two legs) and 20 to the house.
    expect(ids).toEqual([first, first, second, second]);
    expect([typeof first, typeof second]).toEqual(["string", "string"]);
    expect(rows.filter(([, reason]) => reason !== "tournament_prize").map(([, , id]) => id)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect((await verifyLedger(t.db)).unbalanced).toEqual([]);
  });

  it("ledger:verify names a transfer that does not net to zero and one that lost a leg", async () => {
    const [ann, bob] = [await signUp(t.app), await signUp(t.app)];
    const [short, lone] = [newTransferId(), newTransferId()].sort();
    await t.db.transaction(async (tx) => {
      await lockProfiles(tx, [ann.id, bob.id]);
      await moveCoins(tx, {
        userId: ann.id,
        account: "wallet",
        debit: Coins(100),
        reason: "pvp_loss",
        transferId: short,
      });
      await moveCoins(tx, {
        userId: bob.id,
        account: "wallet",
        credit: Coins(90),
        reason: "pvp_win",
        transferId: short,
      });
      await moveCoins(tx, {
        userId: bob.id,
        account: "wallet",
        debit: Coins(7),
        reason: "vault_deposit",
        transferId: lone,
      });
    });
    const report = await verifyLedger(t.db);
    expect(report.unbalanced).toEqual([
      { transferId: short, rows: 2, net: -10n },
      { transferId: lone, rows: 1, net: -7n },
    ]);
    expect(report.unbalancedCount).toBe(2);
    await t.db.execute(
      sql`update coin_ledger set transfer_id = null where transfer_id in (${short}::uuid, ${lone}::uuid)`,
    );
  });
});

describe("verifyLedger", () => {
  it("passes after sign-ups and moves, and finds a balance changed behind the ledger's back", async () => {
    const players = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    await move({ userId: players[0].id, account: "wallet", debit: Coins(250), reason: "rename" });
    const clean = await verifyLedger(t.db);
    expect(clean.accounts).toBeGreaterThanOrEqual(3);
    expect(clean.mismatches).toEqual([]);

    await t.db.update(profiles).set({ coins: 999_999 }).where(eq(profiles.id, players[1].id));
    const tampered = await verifyLedger(t.db);
    expect(tampered.mismatches).toEqual([
      { userId: players[1].id, account: "wallet", balance: 999_999n, ledgerSum: 1000n },
    ]);
    await t.db.update(profiles).set({ coins: 1000 }).where(eq(profiles.id, players[1].id));
  });
});
