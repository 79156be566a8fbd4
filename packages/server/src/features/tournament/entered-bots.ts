// A bot entered in a tournament stays put until the tournament ends: it cannot be recycled, listed, fused or
// refreshed (design.md section 9). The features that would change or remove a bot ask here first, inside the
// transaction that holds the bot's row lock; joining takes the same lock, so a join and a recycle cannot cross.
import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { tournamentParticipants } from "../../platform/db/schema";
import { conflict } from "../../platform/errors";
import type { BotId } from "../../platform/ids";

/** Statuses in which a tournament still holds its entrants' bots. */
export const HOLDING_STATUSES = ["registration", "pending", "active"] as const;

/** The ids among `botIds` entered in a tournament that has not ended. */
export async function enteredBotIds(db: Db, botIds: readonly string[]): Promise<Set<string>> {
  if (botIds.length === 0) return new Set();
  const rows = await db
    .select({ botId: tournamentParticipants.botId })
    .from(tournamentParticipants)
    .where(
      and(
        inArray(tournamentParticipants.botId, botIds as BotId[]),
        sql`exists (select 1 from tournaments t where t.id = ${tournamentParticipants.tournamentId}
          and t.status in ('registration', 'pending', 'active'))`,
      ),
    );
  return new Set(rows.map((r) => r.botId).filter((id): id is NonNullable<typeof id> => id !== null));
}

/** Refuses (409 with `message`) when any of the bots is entered in a tournament that has not ended. */
export async function assertNotEntered(db: Db, botIds: readonly string[], message: string): Promise<void> {
  if ((await enteredBotIds(db, botIds)).size > 0) throw conflict(message);
}
