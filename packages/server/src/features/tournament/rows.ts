// Reading and locking tournament rows, and rebuilding the rulebook's Bracket from the stored matches.
import { type Bracket, type Match, messages, ParticipantId } from "@bot-arena/game";
import { and, asc, eq, isNotNull } from "drizzle-orm";
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

export const matchOf = (row: MatchRow): Match => ({
  round: row.round,
  matchNumber: row.matchNumber,
  participant1Id: row.participant1Id === null ? null : ParticipantId(row.participant1Id),
  participant2Id: row.participant2Id === null ? null : ParticipantId(row.participant2Id),
  winnerId: row.winnerId === null ? null : ParticipantId(row.winnerId),
  status: row.status,
  thirdPlace: row.thirdPlace,
});

/** The stored bracket as the rulebook sees it: seeds from the entries, matches in number order. */
export async function loadBracket(db: Db, tournamentId: string): Promise<Bracket> {
  const [seeded, rows] = await Promise.all([
    db
      .select({ id: tournamentParticipants.id })
      .from(tournamentParticipants)
      .where(
        and(eq(tournamentParticipants.tournamentId, tournamentId), isNotNull(tournamentParticipants.seed)),
      )
      .orderBy(asc(tournamentParticipants.seed)),
    matchesOf(db, tournamentId),
  ]);
  const rounds = rows.reduce((max, m) => Math.max(max, m.round), 0);
  return {
    size: 2 ** rounds,
    rounds,
    seeds: seeded.map((p) => ParticipantId(p.id)),
    matches: rows.map(matchOf),
  };
}
