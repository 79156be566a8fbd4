// Every tournament's rounds, whatever its format: the format's generator in packages/game pairs each round from
// the results stored so far, and the server stores what it pairs. A match row keeps the format's key, so the
// results replay into the same rounds every time; byes are stored decided. A format that shows its whole
// bracket from the start (single elimination) has every match stored when it starts, seats empty until known,
// and each round fills in the seats its results decided.
import {
  type EventEntrant,
  type EventMatch,
  type EventResult,
  type EventStanding,
  eventOptionsFor,
  formatGenerator,
  type LaidOutMatch,
} from "@bot-arena/game";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database";
import { tournamentMatches, tournamentParticipants } from "../../platform/db/schema";
import { claimRound, fightRound, type Pairing } from "./rounds";
import { type MatchRow, matchesOf, type TournamentRow } from "./rows";

/** Single elimination shows the spec's whole bracket from the start; the other formats grow round by round. */
export const showsWholeBracket = (t: Pick<TournamentRow, "format">): boolean =>
  formatGenerator(t.format).layout !== undefined;

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

/** Fought matches with a winner; byes and walkovers need no result (the format decides them itself). */
const resultsOf = (rows: readonly MatchRow[]): EventResult[] =>
  rows.flatMap((r) =>
    r.key !== null &&
    r.participant1Id !== null &&
    r.participant2Id !== null &&
    r.status === "completed" &&
    r.winnerId !== null
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
    await claimRound(tx, current, round);
    current = { ...current, currentRound: round };
    const layout = event.format.layout?.(event.entrants, event.options, event.results);
    const numberOf = layout
      ? await fillBracket(tx, t.id, layout, event.rows)
      : await insertRound(tx, t.id, matches, event.rows.length);
    const numbered = matches.map((m) => ({ ...m, matchNumber: numberOf.get(m.key)! }));
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

/** A round-by-round format's new round, numbered after the matches before it; a bye is decided as it is paired. */
async function insertRound(
  tx: Tx,
  tournamentId: string,
  matches: readonly EventMatch[],
  stored: number,
): Promise<Map<string, number>> {
  const numbered = matches.map((m, i) => ({ ...m, matchNumber: stored + i + 1 }));
  await tx.insert(tournamentMatches).values(
    numbered.map((m) => ({
      tournamentId,
      round: m.round,
      matchNumber: m.matchNumber,
      key: m.key,
      side: m.side,
      participant1Id: m.entrant1Id,
      participant2Id: m.entrant2Id,
      winnerId: m.entrant2Id === null ? m.entrant1Id : null,
      status: m.entrant2Id === null ? ("completed" as const) : ("pending" as const),
    })),
  );
  return new Map(numbered.map((m) => [m.key, m.matchNumber]));
}

/**
 * The whole bracket: stored at the start with every seat known so far, then each round the seats its results
 * filled and the walkovers they made, in one statement. A fought match's own status and winner are the
 * round's to write (fightRound, then its decision), never this.
 */
async function fillBracket(
  tx: Tx,
  tournamentId: string,
  layout: readonly LaidOutMatch[],
  rows: readonly MatchRow[],
): Promise<Map<string, number>> {
  const numberOf = new Map(layout.map((m) => [m.key, m.matchNumber]));
  // A walkover: one seat, decided from the start (a round-1 bye, or the bronze match of a 3-player bracket).
  const walkover = (m: LaidOutMatch) =>
    m.winnerId !== null && (m.entrant1Id === null || m.entrant2Id === null);
  if (rows.length === 0) {
    await tx.insert(tournamentMatches).values(
      layout.map((m) => ({
        tournamentId,
        round: m.round,
        matchNumber: m.matchNumber,
        key: m.key,
        side: m.side,
        thirdPlace: m.side === "bronze",
        participant1Id: m.entrant1Id,
        participant2Id: m.entrant2Id,
        winnerId: walkover(m) ? m.winnerId : null,
        status: walkover(m) ? ("completed" as const) : ("pending" as const),
      })),
    );
    return numberOf;
  }
  const stored = new Map(rows.map((r) => [r.key, r]));
  const changed = layout.filter((m) => {
    const row = stored.get(m.key);
    if (!row) throw new Error(`tournament ${tournamentId}: bracket match ${m.key} is not stored`);
    return (
      row.participant1Id !== m.entrant1Id ||
      row.participant2Id !== m.entrant2Id ||
      (walkover(m) && row.status !== "completed")
    );
  });
  if (changed.length === 0) return numberOf;
  const values = sql.join(
    changed.map(
      (m) =>
        sql`(${m.key}::text, ${m.entrant1Id}::uuid, ${m.entrant2Id}::uuid, ${walkover(m) ? m.winnerId : null}::uuid)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update tournament_matches m set participant1_id = v.p1, participant2_id = v.p2,
      winner_id = coalesce(v.walkover, m.winner_id),
      status = case when v.walkover is null then m.status else 'completed' end
    from (values ${values}) as v(key, p1, p2, walkover)
    where m.tournament_id = ${tournamentId}::uuid and m.key = v.key`);
  return numberOf;
}

/** The standings as the format ranks them: final once the event is over, the order so far before. */
export function eventStandings(event: Awaited<ReturnType<typeof eventOf>>): EventStanding[] {
  return event.format.standings(event.entrants, event.options, event.results);
}
