// Admin grants (seed 001's admin panel, grant_coins): coins to a player found by email, through the ledger as
// admin_grant with the granting admin as the reference, so every granted coin can be traced.
import { adminGrantMessages, type GrantCoinsBody, type GrantCoinsResponse } from "@bot-arena/contract";
import { validateGrantCoins } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { profiles } from "../../platform/db/schema";
import { AppError, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";

export type GrantsService = ReturnType<typeof createGrantsService>;

export function createGrantsService(deps: { db: Db }) {
  return {
    async grantCoins(adminId: UserId, body: GrantCoinsBody): Promise<GrantCoinsResponse> {
      const checked = validateGrantCoins(body);
      if (!checked.ok) throw new AppError(400, "VALIDATION_FAILED", checked.message);
      const { email, amount } = checked.value;
      return deps.db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: profiles.id, username: profiles.username })
          .from(profiles)
          .where(sql`lower(${profiles.email}) = ${email.toLowerCase()}`);
        const player = rows[0];
        if (!player) throw notFound(adminGrantMessages.playerNotFound);
        const newCoinBalance = await moveCoins(tx, {
          userId: player.id,
          account: "wallet",
          delta: amount,
          reason: "admin_grant",
          refType: "admin",
          refId: adminId,
        });
        return {
          message: adminGrantMessages.coinsGranted(amount, player.username),
          userId: player.id,
          username: player.username,
          newCoinBalance,
        };
      });
    },
  };
}
