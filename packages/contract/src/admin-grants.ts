// Admin grants and player lookup (seed 001, Player Management): coins or an equipment item to a player found by
// e-mail, each with the admin's reason, written to the ledger (coins) and the operations log in one transaction.
import { messages } from "@bot-arena/game";
import { itemRarity } from "./shop";
import { z } from "./zod";

export const GRANT_REASON_MAX = 200;
export const DEFAULT_GRANT_AMOUNT = 1000;

export const adminGrantMessages = {
  playerNotFound: "No player with that email",
  enterReason: "Please enter a reason for the grant",
  reasonTooLong: `The reason may be at most ${GRANT_REASON_MAX} characters`,
  equipmentNotFound: "That equipment does not exist",
  coinsGranted: (amount: number, username: string) => `Granted ${amount} coins to ${username}`,
  equipmentGranted: (item: string, username: string) => `Granted ${item} to ${username}`,
  failedToGrantCoins: "Failed to grant coins",
  failedToGrantEquipment: "Failed to grant equipment",
} as const;

/** Checked (trimmed, 1..200) by the service after the e-mail and the amount, so messages come in form order. */
const reason = z.string({ error: adminGrantMessages.enterReason }).optional();

export const grantCoinsBody = z.object({
  email: z.string({ error: messages.enterPlayerEmail }),
  /** Whole coins above 0; text of digits is accepted as the admin form sends it. */
  amount: z.union([z.number(), z.string()], { error: messages.coinAmountPositive }),
  reason,
});
export type GrantCoinsBody = z.input<typeof grantCoinsBody>;

export const grantCoinsResponse = z.object({
  message: z.string(),
  userId: z.string(),
  username: z.string(),
  newCoinBalance: z.number().int(),
  operationId: z.number().int(),
});
export type GrantCoinsResponse = z.infer<typeof grantCoinsResponse>;

export const grantEquipmentBody = z.object({
  email: z.string({ error: messages.enterPlayerEmail }),
  equipmentId: z.string({ error: messages.selectEquipment }).nullish(),
  reason,
});
export type GrantEquipmentBody = z.input<typeof grantEquipmentBody>;

export const grantEquipmentResponse = z.object({
  message: z.string(),
  userId: z.string(),
  username: z.string(),
  inventoryId: z.string(),
  equipmentName: z.string(),
  operationId: z.number().int(),
});
export type GrantEquipmentResponse = z.infer<typeof grantEquipmentResponse>;

export const playerLookupQuery = z.object({ q: z.string().trim().max(100).default("") });

export const playerLookupBot = z.object({
  id: z.string(),
  name: z.string(),
  rarity: itemRarity,
  level: z.number().int(),
  isActive: z.boolean(),
});

export const playerLookupCoinMove = z.object({
  id: z.number().int(),
  account: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});

/** A pilot's PvP side for the admins: rating, record, every opponent fought, and a boost flag's reason. */
export const playerLookupPvp = z.object({
  rating: z.number().int(),
  provisional: z.boolean(),
  record: z.object({ wins: z.number().int(), losses: z.number().int() }),
  /** The pilots it fought most, with its wins and losses against each (at most 10). */
  pairs: z.array(z.object({ opponent: z.string(), wins: z.number().int(), losses: z.number().int() })),
  /** Why it looks boosted (a new provisional account beating the same few), or null. */
  boostFlag: z.string().nullable(),
});

export const playerLookupEntry = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  coins: z.number().int(),
  vaultCoins: z.number().int(),
  createdAt: z.string(),
  bots: z.array(playerLookupBot),
  /** The newest ledger rows, newest first. */
  recentCoins: z.array(playerLookupCoinMove),
  pvp: playerLookupPvp,
});
export type PlayerLookupEntry = z.infer<typeof playerLookupEntry>;

export const playerLookupResponse = z.object({ players: z.array(playerLookupEntry) });
export type PlayerLookupResponse = z.infer<typeof playerLookupResponse>;

export const adminGrantRoutes = {
  grantCoins: {
    method: "POST",
    path: "/api/admin/grants/coins",
    summary: "Give a player coins (admin) with a reason; ledger reason admin_grant, referencing the log row",
    auth: "admin",
    body: grantCoinsBody,
    response: grantCoinsResponse,
  },
  grantEquipment: {
    method: "POST",
    path: "/api/admin/grants/equipment",
    summary: "Give a player an equipment item (admin) with a reason",
    auth: "admin",
    body: grantEquipmentBody,
    response: grantEquipmentResponse,
  },
  adminPlayers: {
    method: "GET",
    path: "/api/admin/players",
    summary:
      "Find players by name or e-mail (admin): balances, bots, recent coin history, PvP pairs and boost flag",
    auth: "admin",
    query: playerLookupQuery,
    response: playerLookupResponse,
  },
} as const;
