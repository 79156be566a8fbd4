// The repair shop: durability back to full for ceil((100 - durability%) x 5) coins, charged through the ledger
// in the same transaction that restores the bot.

import type { RepairResponse } from "@bot-arena/contract";
import { Coins, checkRepair, messages, repairCost } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { bots } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { publishToPlayer } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { lockOwnedBot, lockProfile } from "../bots/queries";

export type RepairService = ReturnType<typeof createRepairService>;

export function createRepairService(deps: { db: Db }) {
  return {
    repair(userId: UserId, botId: string): Promise<RepairResponse> {
      return deps.db.transaction(async (tx) => {
        const { coins } = await lockProfile(tx, userId);
        const bot = await lockOwnedBot(tx, userId, botId);
        refuse(checkRepair(bot, coins));
        const cost = repairCost(bot);
        const newCoinBalance = await moveCoins(tx, {
          userId,
          account: "wallet",
          debit: Coins(cost),
          reason: "repair",
          refType: "bot",
          refId: bot.id,
        });
        await tx.update(bots).set({ durability: bot.maxDurability }).where(eq(bots.id, bot.id));
        await publishToPlayer(tx, userId, "bots");
        return { newCoinBalance, newDurability: bot.maxDurability, cost, message: messages.botRepaired };
      });
    },
  };
}
