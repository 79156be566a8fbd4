import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  afterDeposit,
  afterWithdraw,
  applyConsumable,
  CONSUMABLES,
  canChallengePvp,
  checkBalanceRoom,
  checkBuyListing,
  checkCreateListing,
  checkEquip,
  checkPurchase,
  checkPvpStakesFit,
  checkPvpTarget,
  checkRecycle,
  checkRefreshCost,
  checkRenameCost,
  depositsToday,
  isPvpTargetable,
  pvpStake,
  recycleRefund,
  restToHouse,
  splitAtMaximum,
  utcDay,
} from "./economy";
import { Coins, UserId } from "./types";

const alice = UserId("alice");
const bob = UserId("bob");

describe("the coin maximum of 1,000,000,000,000", () => {
  const max = 1_000_000_000_000;
  const pastMax = (whose: string) => ({
    ok: false,
    code: "LIMIT_REACHED",
    message: `That would take ${whose} past the 1,000,000,000,000 coin maximum.`,
  });

  it("a credit may fill a balance to exactly the maximum, not one coin past it", () => {
    expect(checkBalanceRoom(max - 500, 500, "your wallet").ok).toBe(true);
    expect(checkBalanceRoom(max - 500, 501, "your wallet")).toEqual(pastMax("your wallet"));
    expect(checkBalanceRoom(max, 1, "the guild bank")).toEqual(pastMax("the guild bank"));
  });

  it("a payout that must not fail credits what fits and leaves the rest to the house", () => {
    expect(splitAtMaximum(1000, Coins(180))).toEqual({ credited: 180, overflow: 0 });
    expect(splitAtMaximum(max - 100, Coins(180))).toEqual({ credited: 100, overflow: 80 });
    expect(splitAtMaximum(max, Coins(180))).toEqual({ credited: 0, overflow: 180 });
  });

  it("the credited part and the overflow always add up to the payout, and never pass the maximum", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max }), fc.integer({ min: 0, max }), (balance, amount) => {
        const { credited, overflow } = splitAtMaximum(balance, Coins(amount));
        expect(credited + overflow).toBe(amount);
        expect(balance + credited).toBeLessThanOrEqual(max);
      }),
    );
  });

  it("a PvP battle is refused before it is fought when either winner could not take the stake", () => {
    // Each side stands to win 10% of the other's wallet: 100 from a wallet of 1000.
    expect(checkPvpStakesFit({ attackerWallet: max - 100, defenderWallet: 1000 }).ok).toBe(true);
    expect(checkPvpStakesFit({ attackerWallet: max - 99, defenderWallet: 1000 })).toEqual(
      pastMax("your wallet"),
    );
    expect(checkPvpStakesFit({ attackerWallet: 1000, defenderWallet: max - 99 })).toEqual(
      pastMax("your opponent's wallet"),
    );
  });
});

describe("roster fees", () => {
  it("recycling refunds 250 and refuses the active bot", () => {
    expect(recycleRefund()).toBe(250);
    expect(checkRecycle({ isActive: true })).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "Cannot recycle your active bot!",
    });
    expect(checkRecycle({ isActive: false }).ok).toBe(true);
  });

  it("renaming needs 5 coins", () => {
    expect(checkRenameCost(4)).toEqual({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "You need 5 coins to rename a bot",
    });
    expect(checkRenameCost(5).ok).toBe(true);
  });

  it("refreshing needs 250 coins", () => {
    expect(checkRefreshCost(249)).toEqual({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "You need 250 coins to refresh a bot",
    });
    expect(checkRefreshCost(250).ok).toBe(true);
  });

  it("a shop price may not exceed the wallet ('Not enough coins!')", () => {
    expect(checkPurchase(99, 100)).toEqual({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "Not enough coins!",
    });
    expect(checkPurchase(100, 100).ok).toBe(true);
  });

  it("equipping needs an active bot", () => {
    expect(checkEquip(false)).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "You need an active bot to equip weapons",
    });
  });
});

describe("consumables", () => {
  it("the shop sells an Energy Cell for 100 and a Repair Kit for 150", () => {
    expect(CONSUMABLES.map((c) => [c.name, c.type, c.price])).toEqual([
      ["Energy Cell", "energy_restore", 100],
      ["Repair Kit", "durability_restore", 150],
    ]);
  });

  it("an Energy Cell fills energy and restarts its clock; a Repair Kit fills durability", () => {
    expect(applyConsumable("energy_restore", { maxEnergy: 100, maxDurability: 100 }, 42)).toEqual({
      energy: 100,
      lastEnergyUpdate: 42,
    });
    expect(applyConsumable("durability_restore", { maxEnergy: 100, maxDurability: 100 }, 42)).toEqual({
      durability: 100,
    });
  });
});

describe("PvP stakes", () => {
  it("the loser's owner pays 10% of the wallet, floored", () => {
    expect(pvpStake(100)).toBe(10);
    expect(pvpStake(1999)).toBe(199);
  });

  it("a challenger needs 100 wallet coins too, so a loss always costs something", () => {
    expect(canChallengePvp(99)).toBe(false);
    expect(canChallengePvp(100)).toBe(true);
    expect(pvpStake(100)).toBeGreaterThan(0);
  });

  it("a wallet under 100 is safe and pays nothing", () => {
    expect(pvpStake(99)).toBe(0);
    expect(isPvpTargetable(99)).toBe(false);
    expect(isPvpTargetable(100)).toBe(true);
  });

  it("the stake never exceeds a tenth of the wallet", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (wallet) => {
        expect(pvpStake(wallet) * 10).toBeLessThanOrEqual(wallet);
      }),
    );
  });

  it("a player cannot attack their own bot nor a protected wallet", () => {
    expect(checkPvpTarget({ attackerUserId: alice, defenderUserId: alice, defenderWallet: 500 }).ok).toBe(
      false,
    );
    expect(checkPvpTarget({ attackerUserId: alice, defenderUserId: bob, defenderWallet: 99 })).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "This player is safe from PvP",
    });
    expect(checkPvpTarget({ attackerUserId: alice, defenderUserId: bob, defenderWallet: 100 }).ok).toBe(true);
  });
});

describe("vault day", () => {
  const noon = Date.UTC(2026, 0, 15, 12, 0, 0);
  const nextDay = Date.UTC(2026, 0, 16, 0, 0, 1);
  const profile = { coins: 1000, vaultCoins: 0, vaultDepositsToday: 300, lastVaultDepositDate: "2026-01-15" };

  it("days are UTC calendar days", () => {
    expect(utcDay(noon)).toBe("2026-01-15");
    expect(utcDay(Date.UTC(2026, 0, 15, 23, 59, 59))).toBe("2026-01-15");
    expect(utcDay(nextDay)).toBe("2026-01-16");
  });

  it("the deposit counter resets when the last deposit was not today", () => {
    expect(depositsToday(profile, noon)).toBe(300);
    expect(depositsToday(profile, nextDay)).toBe(0);
    expect(depositsToday({ ...profile, lastVaultDepositDate: null }, noon)).toBe(0);
  });

  it("a deposit moves coins to the vault and counts toward today", () => {
    expect(afterDeposit(profile, 100, nextDay)).toEqual({
      coins: 900,
      vaultCoins: 100,
      vaultDepositsToday: 100,
      lastVaultDepositDate: "2026-01-16",
    });
  });

  it("a withdrawal moves coins back without touching the deposit counter", () => {
    expect(afterWithdraw({ ...profile, vaultCoins: 50 }, 50)).toEqual({
      ...profile,
      coins: 1050,
      vaultCoins: 0,
    });
  });
});

describe("marketplace", () => {
  it("a seller lists only their own, unlisted, inactive bot", () => {
    const bot = { userId: alice, isActive: false };
    expect(checkCreateListing({ sellerId: alice, bot, alreadyListed: false }).ok).toBe(true);
    expect(checkCreateListing({ sellerId: bob, bot, alreadyListed: false }).ok).toBe(false);
    expect(checkCreateListing({ sellerId: alice, bot, alreadyListed: true }).ok).toBe(false);
    expect(
      checkCreateListing({ sellerId: alice, bot: { ...bot, isActive: true }, alreadyListed: false }),
    ).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "Cannot list your active bot!",
    });
  });

  it("a buyer cannot buy their own bot", () => {
    const buy = { buyerId: alice, sellerId: alice, buyerCoins: 1000, price: 10, buyerBotCount: 0 };
    expect(checkBuyListing(buy)).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "You cannot buy your own bot",
    });
  });

  it("buying needs coins at least the price", () => {
    const buy = { buyerId: alice, sellerId: bob, buyerCoins: 99, price: 100, buyerBotCount: 0 };
    expect(checkBuyListing(buy)).toEqual({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "Not enough coins!",
    });
    expect(checkBuyListing({ ...buy, buyerCoins: 100 }).ok).toBe(true);
  });

  it("buying respects the 20-bot cap", () => {
    const buy = { buyerId: alice, sellerId: bob, buyerCoins: 1000, price: 100, buyerBotCount: 20 };
    expect(checkBuyListing(buy)).toEqual({
      ok: false,
      code: "LIMIT_REACHED",
      message: "Maximum 20 bots allowed!",
    });
  });
});

describe("the rest of a pool to the house", () => {
  it("is what the payouts leave: 1200 of 8 tournament fees less 720/240/120 leaves 120, a war's 4000 less 3500 leaves 500", () => {
    expect(restToHouse(1200, [720, 240, 120])).toBe(120);
    expect(restToHouse(4000, [2000, 1000, 500])).toBe(500);
    expect(restToHouse(4000, [0, 1000, 500])).toBe(2500);
  });

  it("is the whole pool when nothing is paid, and nothing when all of it is", () => {
    expect(restToHouse(750, [])).toBe(750);
    expect(restToHouse(750, [750])).toBe(0);
  });

  it("refuses payouts larger than the pool rather than let the house pay", () => {
    expect(() => restToHouse(100, [60, 41])).toThrow(RangeError);
  });
});
