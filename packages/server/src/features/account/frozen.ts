// A frozen account (an operator's freeze, features/admin/cashouts.ts) can still play, but cannot move coins toward
// other accounts or out of the game: no cash-out, no marketplace listing or purchase, no guild donation.
import { cashoutMessages } from "@bot-arena/game";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { profiles } from "../../platform/db/schema";
import { forbidden } from "../../platform/errors";
import type { UserId } from "../../platform/ids";

export async function refuseFrozen(tx: Db, userId: UserId): Promise<void> {
  const [row] = await tx
    .select({ frozenAt: profiles.frozenAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (row?.frozenAt) throw forbidden(cashoutMessages.frozen);
}
