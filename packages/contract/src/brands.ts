// The rules' brands on the wire. A schema's output (what the web app reads) carries the brand, so a bot's id
// cannot be passed where a player's is expected; its input (what a handler hands in) is the plain string or
// number a row holds, since the server brands its own values where it makes them (packages/game types.ts).
import type { BotId, Coins, UserId } from "@bot-arena/game";
import { z } from "./zod";

export const userIdOf = () => z.string().transform((id) => id as UserId);
export const botIdOf = () => z.string().transform((id) => id as BotId);
/** A whole number of coins (a balance, a price, a stake). */
export const coinsOf = () =>
  z
    .number()
    .int()
    .transform((amount) => amount as Coins);
