// Every coin a tournament moves, through the one ledger: entry fees from wallets into the tournament's pool,
// refunds and prizes out of it (each a pair of rows with one reason and one transfer id that nets to zero), the pool's
// remainder to the house (house_cut...), and admin-mode rewards created by the house (house_reward...).
// Callers hold the tournament row; wallets are touched in user id order so two payouts cannot deadlock.
// Refunds and prizes are payouts (ledger.ts `payOut`): a wallet at the coin maximum never stops a tournament
// from finishing; what would pass the maximum goes to the house (house_cut_tournament_overflow).

import { Coins } from "@bot-arena/game";
import type { Tx } from "../../platform/db/database";
import type { UserId } from "../../platform/ids";
import { moveCoins, newTransferId, type PayoutLeg, payOut, sweepToHouse } from "../../platform/ledger";

const REF_TYPE = "tournament";
const OVERFLOW_REASON = "house_cut_tournament_overflow";

/** Wallet -> pool; throws NOT_ENOUGH_COINS with `message` when the wallet is short. Returns the wallet balance. */
export async function payEntryFee(
  tx: Tx,
  input: { tournamentId: string; userId: UserId; fee: number; message: string },
): Promise<number> {
  // Both legs in one flight (platform/db/flight.ts): the pool's leg takes the tournament's row.
  const transferId = newTransferId();
  const [balance] = await Promise.all([
    moveCoins(tx, {
      account: "wallet",
      userId: input.userId,
      debit: Coins(input.fee),
      reason: "tournament_entry",
      refType: REF_TYPE,
      refId: input.tournamentId,
      message: input.message,
      transferId,
    }),
    moveCoins(tx, {
      account: "tournament_pool",
      tournamentId: input.tournamentId,
      credit: Coins(input.fee),
      reason: "tournament_entry",
      refType: "player",
      refId: input.userId,
      transferId,
    }),
  ]);
  return balance;
}

const toWallet = (userId: UserId, tournamentId: string): PayoutLeg => ({
  account: "wallet",
  userId,
  refType: REF_TYPE,
  refId: tournamentId,
});

/** Pool -> wallet, for a refund (`tournament_refund`) or a prize (`tournament_prize`). */
async function payFromPool(
  tx: Tx,
  input: { tournamentId: string; userId: UserId; amount: number; reason: string },
): Promise<void> {
  await payOut(tx, {
    from: {
      account: "tournament_pool",
      tournamentId: input.tournamentId,
      refType: "player",
      refId: input.userId,
    },
    to: toWallet(input.userId, input.tournamentId),
    amount: Coins(input.amount),
    reason: input.reason,
    overflowReason: OVERFLOW_REASON,
  });
}

const byUser = <T extends { userId: UserId }>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));

/** Gives each player their entry fee back (player mode; admin mode took none). */
export async function refundFees(
  tx: Tx,
  input: { tournamentId: string; fee: number; userIds: readonly UserId[] },
): Promise<void> {
  if (input.fee <= 0) return;
  for (const { userId } of byUser(input.userIds.map((userId) => ({ userId })))) {
    await payFromPool(tx, {
      tournamentId: input.tournamentId,
      userId,
      amount: input.fee,
      reason: "tournament_refund",
    });
  }
}

/**
 * Pays the podium: from the pool in player mode, created by the house in admin mode. Prizes of 0 move nothing.
 */
export async function payPrizes(
  tx: Tx,
  input: {
    tournamentId: string;
    mode: "player" | "admin";
    prizes: readonly { userId: UserId; amount: number }[];
  },
): Promise<void> {
  for (const prize of byUser(input.prizes)) {
    if (prize.amount <= 0) continue;
    if (input.mode === "player") {
      await payFromPool(tx, {
        tournamentId: input.tournamentId,
        userId: prize.userId,
        amount: prize.amount,
        reason: "tournament_prize",
      });
    } else {
      await payOut(tx, {
        to: toWallet(prize.userId, input.tournamentId),
        amount: Coins(prize.amount),
        reason: "house_reward_tournament",
      });
    }
  }
}

/** Whatever is left in the pool goes to the house (the floors' remainder and the house's 10%). */
export const sweepPoolToHouse = (tx: Tx, tournamentId: string): Promise<number> =>
  sweepToHouse(tx, {
    from: { account: "tournament_pool", tournamentId, refType: REF_TYPE, refId: tournamentId },
    reason: "house_cut_tournament",
  });
