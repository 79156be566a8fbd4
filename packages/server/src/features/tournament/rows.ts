// Reading and locking tournament rows.
import { messages } from "@bot-arena/game";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { eventKey, noteLocks } from "../../platform/db/locks";
import { tournamentMatches, tournamentParticipants, tournaments } from "../../platform/db/schema";
import { notFound } from "../../platform/errors";
import { isUuid } from "../../platform/ids";

export type TournamentRow = typeof tournaments.$inferSelect;
export type ParticipantRow = typeof tournamentParticipants.$inferSelect;
export type MatchRow = typeof tournamentMatches.$inferSelect;

export const tournamentNotFound = () => notFound(messages.tournamentNotFound);

export async function findTournament(db: Db, id: string): Promise<TournamentRow> {
  if (!isUuid(id)) throw tournamentNotFound();
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw tournamentNotFound();
  return row;
}

/** The tournament row held FOR UPDATE until the transaction ends: every state change takes it first. */
export async function lockTournament(db: Db, id: string): Promise<TournamentRow> {
  if (!isUuid(id)) throw tournamentNotFound();
  noteLocks(db, "event", [eventKey("tournaments", id)]);
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id)).for("update");
  if (!row) throw tournamentNotFound();
  return row;
}

export const participantsOf = (db: Db, tournamentId: string): Promise<ParticipantRow[]> =>
  db
    .select()
    .from(tournamentParticipants)
    .where(eq(tournamentParticipants.tournamentId, tournamentId))
    .orderBy(asc(tournamentParticipants.userId));

export const matchesOf = (db: Db, tournamentId: string): Promise<MatchRow[]> =>
  db
    .select()
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, tournamentId))
    .orderBy(asc(tournamentMatches.matchNumber));
