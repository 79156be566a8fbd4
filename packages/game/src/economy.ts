// Coin rules outside battle and summoning: roster fees, shop, consumables, PvP stakes, the vault's daily
// deposit window and the marketplace. The server moves the coins; these say how many and whether.
import {
  ENERGY_CELL_PRICE,
  MAX_BALANCE,
  MAX_BOTS,
  PVP_SAFE_WALLET,
  PVP_STAKE_PERCENT,
  RECYCLE_REFUND,
  REFRESH_COST,
  RENAME_COST,
  REPAIR_KIT_PRICE,
} from "./constants";
import { messages } from "./messages";
import { type Bot, type Check, Coins, fail, pass, type UserId } from "./types";

// The coin maximum ---------------------------------------------------------------------------------------------

/** Refuses a credit that would take an account holding `balance` past MAX_BALANCE; `whose` names it. */
export const checkBalanceRoom = (balance: number, credit: number, whose: string): Check =>
  balance + credit > MAX_BALANCE ? fail("LIMIT_REACHED", messages.balancePastMax(whose)) : pass;

/**
 * A payout that must not fail (an event's prize or refund) into an account holding `balance`: the part that
 * fits below MAX_BALANCE, and the rest, which goes to the house.
 */
export function splitAtMaximum(balance: number, amount: Coins): { credited: Coins; overflow: Coins } {
  const credited = Math.min(amount, Math.max(0, MAX_BALANCE - balance));
  return { credited: Coins(credited), overflow: Coins(amount - credited) };
}

// Roster fees -------------------------------------------------------------------------------------------------

export const recycleRefund = (): Coins => Coins(RECYCLE_REFUND);

export function checkRecycle(bot: Pick<Bot, "isActive">): Check {
  return bot.isActive ? fail("CONFLICT", messages.cannotRecycleActive) : pass;
}

export const checkRenameCost = (coins: number): Check =>
  coins < RENAME_COST ? fail("NOT_ENOUGH_COINS", messages.renameNeedsCoins) : pass;

export const checkRefreshCost = (coins: number): Check =>
  coins < REFRESH_COST ? fail("NOT_ENOUGH_COINS", messages.refreshNeedsCoins) : pass;

/** Any shop purchase: the price may not exceed the wallet. */
export const checkPurchase = (coins: number, price: number): Check =>
  coins < price ? fail("NOT_ENOUGH_COINS", messages.notEnoughCoins) : pass;

export const checkEquip = (hasActiveBot: boolean): Check =>
  hasActiveBot ? pass : fail("CONFLICT", messages.needActiveBotToEquip);

// Consumables ---------------------------------------------------------------------------------------------------

export type ConsumableType = "energy_restore" | "durability_restore";

export interface Consumable {
  readonly name: string;
  readonly description: string;
  readonly price: number;
  readonly type: ConsumableType;
}

export const CONSUMABLES: readonly Consumable[] = [
  {
    name: "Energy Cell",
    description: "Refills your active bot's energy to full.",
    price: ENERGY_CELL_PRICE,
    type: "energy_restore",
  },
  {
    name: "Repair Kit",
    description: "Restores your active bot's durability to full.",
    price: REPAIR_KIT_PRICE,
    type: "durability_restore",
  },
];

/** The fields a consumable changes on the active bot. */
export function applyConsumable(
  type: ConsumableType,
  bot: Pick<Bot, "maxEnergy" | "maxDurability">,
  now: number,
): { energy: number; lastEnergyUpdate: number } | { durability: number } {
  return type === "energy_restore"
    ? { energy: bot.maxEnergy, lastEnergyUpdate: now }
    : { durability: bot.maxDurability };
}

// PvP stakes ----------------------------------------------------------------------------------------------------

/** A wallet of at least 100 can be attacked; below that it is safe. */
export const isPvpTargetable = (wallet: number): boolean => wallet >= PVP_SAFE_WALLET;

/**
 * A challenger must have as much at stake as a target: without 100 wallet coins a loss would cost nothing
 * while a win took 10% of the defender's wallet.
 */
export const canChallengePvp = (wallet: number): boolean => wallet >= PVP_SAFE_WALLET;

/** What the loser's owner pays the winner's owner: 10% of the wallet, floored, only from 100 up. */
export const pvpStake = (loserWallet: number): Coins =>
  Coins(isPvpTargetable(loserWallet) ? Math.floor((loserWallet * PVP_STAKE_PERCENT) / 100) : 0);

/**
 * Whichever side wins must be able to take the stake. Checked before the battle is fought: a refusal that
 * depended on the outcome would hand the attacker free re-rolls of every battle they were about to lose.
 */
export function checkPvpStakesFit(input: {
  readonly attackerWallet: number;
  readonly defenderWallet: number;
}): Check {
  const attackerWin = checkBalanceRoom(input.attackerWallet, pvpStake(input.defenderWallet), "your wallet");
  if (!attackerWin.ok) return attackerWin;
  return checkBalanceRoom(input.defenderWallet, pvpStake(input.attackerWallet), "your opponent's wallet");
}

export function checkPvpTarget(input: {
  readonly attackerUserId: UserId;
  readonly defenderUserId: UserId;
  readonly defenderWallet: number;
}): Check {
  if (input.attackerUserId === input.defenderUserId) return fail("FORBIDDEN", messages.cannotFightOwnBot);
  if (!isPvpTargetable(input.defenderWallet)) return fail("CONFLICT", messages.opponentProtected);
  return pass;
}

// Vault day -----------------------------------------------------------------------------------------------------

/** The UTC calendar day of a timestamp, as YYYY-MM-DD; the vault's deposit counter resets with it. */
export const utcDay = (now: number): string => new Date(now).toISOString().slice(0, 10);

export interface VaultProfile {
  readonly coins: number;
  readonly vaultCoins: number;
  readonly vaultDepositsToday: number;
  /** YYYY-MM-DD, or null before the first deposit. */
  readonly lastVaultDepositDate: string | null;
}

/** Today's deposits: the stored counter, unless it was written on another day. */
export const depositsToday = (profile: VaultProfile, now: number): number =>
  profile.lastVaultDepositDate === utcDay(now) ? profile.vaultDepositsToday : 0;

export function afterDeposit(profile: VaultProfile, amount: number, now: number): VaultProfile {
  return {
    coins: profile.coins - amount,
    vaultCoins: profile.vaultCoins + amount,
    vaultDepositsToday: depositsToday(profile, now) + amount,
    lastVaultDepositDate: utcDay(now),
  };
}

export function afterWithdraw(profile: VaultProfile, amount: number): VaultProfile {
  return { ...profile, coins: profile.coins + amount, vaultCoins: profile.vaultCoins - amount };
}

// Marketplace ---------------------------------------------------------------------------------------------------

export function checkCreateListing(input: {
  readonly sellerId: UserId;
  readonly bot: Pick<Bot, "userId" | "isActive">;
  readonly alreadyListed: boolean;
}): Check {
  if (input.bot.userId !== input.sellerId) return fail("NOT_FOUND", messages.botNotFound);
  if (input.alreadyListed) return fail("CONFLICT", messages.botAlreadyListed);
  if (input.bot.isActive) return fail("CONFLICT", messages.cannotListActive);
  return pass;
}

export function checkBuyListing(input: {
  readonly buyerId: UserId;
  readonly sellerId: UserId;
  readonly buyerCoins: number;
  readonly price: number;
  readonly buyerBotCount: number;
}): Check {
  if (input.buyerId === input.sellerId) return fail("CONFLICT", messages.cannotBuyOwn);
  if (input.buyerBotCount >= MAX_BOTS) return fail("LIMIT_REACHED", messages.maxBots);
  if (input.buyerCoins < input.price) return fail("NOT_ENOUGH_COINS", messages.notEnoughCoins);
  return pass;
}

// An event's pool ----------------------------------------------------------------------------------------------

/**
 * What is left of a pool once its prizes (or refunds) are paid: the house's, for tournaments, old stakes wars and
 * a disbanded guild's bank alike. The server sweeps the account's balance (platform/ledger.ts `sweepToHouse`),
 * which is this when every payout went as planned.
 */
export function restToHouse(pool: number, paid: readonly number[]): Coins {
  const total = paid.reduce((sum, amount) => sum + amount, 0);
  if (total > pool) throw new RangeError(`Payouts of ${total} cannot come out of a pool of ${pool}`);
  return Coins(pool - total);
}
