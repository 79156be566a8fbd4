// Admin grants (seed 001, admin panel): coins to a player by email, paid through the ledger as admin_grant.
import { messages } from "@bot-arena/game";
import { z } from "zod";

export const grantCoinsBody = z.object({
  email: z.string({ error: messages.enterPlayerEmail }),
  /** Whole coins above 0; text of digits is accepted as the admin form sends it. */
  amount: z.union([z.number(), z.string()], { error: messages.coinAmountPositive }),
});
export type GrantCoinsBody = z.infer<typeof grantCoinsBody>;

export const grantCoinsResponse = z.object({
  message: z.string(),
  userId: z.string(),
  username: z.string(),
  newCoinBalance: z.number().int(),
});
export type GrantCoinsResponse = z.infer<typeof grantCoinsResponse>;

export const adminGrantMessages = {
  playerNotFound: "No player with that email",
  coinsGranted: (amount: number, username: string) => `Granted ${amount} coins to ${username}`,
} as const;

export const adminGrantRoutes = {
  grantCoins: {
    method: "POST",
    path: "/api/admin/grants/coins",
    summary: "Give a player coins (admin); recorded in the ledger as admin_grant",
    auth: "admin",
    body: grantCoinsBody,
    response: grantCoinsResponse,
  },
} as const;
