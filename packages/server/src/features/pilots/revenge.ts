// Revenge: a raid's defender may strike back at its attacker from the defense log, within 24 hours and once,
// whatever the rating window.
import { pvpMessages, revengeOpen } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { pvpResults } from "../../platform/db/schema";
import { isUuid, type UserId } from "../../platform/ids";
import { pvpRefused } from "../arena/refusals";

/**
 * The raid's id when `avengerId` may avenge it on `raiderId` now; refused otherwise. Read under both profiles'
 * locks, so two revenges of one raid queue and the second sees the first.
 */
export async function openRevenge(
  db: Db,
  input: { raidId: string; avengerId: UserId; raiderId: UserId; now: Date },
): Promise<string> {
  if (!isUuid(input.raidId)) throw pvpRefused(pvpMessages.revengeClosed);
  const [[raid], [taken]] = await Promise.all([
    db
      .select({ createdAt: pvpResults.createdAt })
      .from(pvpResults)
      .where(
        and(
          eq(pvpResults.battleId, input.raidId),
          eq(pvpResults.defenderUserId, input.avengerId),
          eq(pvpResults.attackerUserId, input.raiderId),
        ),
      ),
    db
      .select({ id: pvpResults.battleId })
      .from(pvpResults)
      .where(eq(pvpResults.revengeOf, input.raidId))
      .limit(1),
  ]);
  if (!raid || !revengeOpen(raid.createdAt.getTime(), taken !== undefined, input.now.getTime())) {
    throw pvpRefused(pvpMessages.revengeClosed);
  }
  return input.raidId;
}
