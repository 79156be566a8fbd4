// Tournaments in the generic formats (double elimination, round robin, Swiss): the format's generator in
// packages/game pairs each round from the results stored so far, and the server stores what it pairs. A match
// row keeps the format's key, so the results replay into the same rounds every time; byes are stored decided.
import {
  type EventEntrant,
  type EventResult,
  type EventStanding,
  eventOptionsFor,
  formatGenerator,
} from "@bot-arena/game";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database";
import { tournamentMatches, tournamentParticipants } from "../../platform/db/schema";
import { claimRound, fightRound, type Pairing } from "./rounds";
import { type MatchRow, matchesOf, type TournamentRow } from "./rows";

/** Single elimination keeps the spec's full bracket (tournament.ts); every other format is played round by round. */
export const playsBracket = (t: Pick<TournamentRow, "format">): boolean => t.format === "single_elimination";

/** The event as stored: its seeded entrants, the options it is played with, its results, its match rows. */
export async function eventOf(db: Db, t: TournamentRow) {
  const [entrants, rows] = await Promise.all([
    db
      .select({ id: tournamentParticipants.id, totalStrength: tournamentParticipants.totalStrength })
      .from(tournamentParticipants)
      .where(and(eq(tournamentParticipants.tournamentId, t.id), isNotNull(tournamentParticipants.seed)))
      .orderBy(asc(tournamentParticipants.seed)),
    matchesOf(db, t.id),
  ]);
  return {
    format: formatGenerator(t.format),
    entrants: entrants as EventEntrant[],
    options: eventOptionsFor(t.swissRounds, entrants.length),
    results: resultsOf(rows),
    rows,
  };
}

/** Fought matches with a winner; byes need no result (the format decides them itself). */
const resultsOf = (rows: readonly MatchRow[]): EventResult[] =>
  rows.flatMap((r) =>
    r.key !== null && r.participant2Id !== null && r.status === "completed" && r.winnerId !== null
      ? [{ key: r.key, winnerId: r.winnerId }]
      : [],
  );

/**
 * Pairs and fights the next round (the first, right after registration). A round of byes only is stored decided
 * and the one after it is paired at once, so a round window never passes with nothing to watch.
 * Returns false when the format has no round left to pair.
 */
export async function startEventRound(tx: Tx, t: TournamentRow, now: Date): Promise<boolean> {
  let current = t;
  for (;;) {
    const event = await eventOf(tx, current);
    const matches = event.format.nextRound(event.entrants, event.options, event.results);
    if (matches.length === 0) return false;
    const round = matches[0]!.round;
    await claimRound(tx, current, round, now);
    current = { ...current, currentRound: round };
    const numbered = matches.map((m, i) => ({ ...m, matchNumber: event.rows.length + i + 1 }));
    await tx.insert(tournamentMatches).values(
      numbered.map((m) => ({
        tournamentId: t.id,
        round,
        matchNumber: m.matchNumber,
        key: m.key,
        side: m.side,
        participant1Id: m.entrant1Id,
        participant2Id: m.entrant2Id,
        // A bye is decided as it is paired.
        winnerId: m.entrant2Id === null ? m.entrant1Id : null,
        status: m.entrant2Id === null ? ("completed" as const) : ("pending" as const),
      })),
    );
    const pairings: Pairing[] = numbered.flatMap((m) =>
      m.entrant2Id === null
        ? []
        : [
            {
              matchNumber: m.matchNumber,
              entrant1: m.entrant1Id,
              entrant2: m.entrant2Id,
              firstStrikeId: m.firstStrikeId ?? m.entrant1Id,
            },
          ],
    );
    if (pairings.length > 0) {
      await fightRound(tx, current, pairings, now);
      return true;
    }
  }
}

/** The standings as the format ranks them: final once the event is over, the order so far before. */
export function eventStandings(event: Awaited<ReturnType<typeof eventOf>>): EventStanding[] {
  return event.format.standings(event.entrants, event.options, event.results);
}
