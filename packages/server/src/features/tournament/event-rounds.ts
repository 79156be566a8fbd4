// Every tournament's rounds, whatever its format, as the round runner plays them (features/events/round-runner.ts):
// the format's generator in packages/game pairs each round from the results stored so far (the tournament's
// match.play), and the server stores what it pairs; whether the event is over is the format's to say. A match row keeps the format's key, so the
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
import type { RoundPlayed } from "../events/round-runner";
import { decideLiveMatches, fightRound, type Pairing } from "./rounds";
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
 * Pairs round `round` from the results so far, stores it and fights its matches (the round runner's match.play).
 * A round of byes only is stored decided and answered "byes only", for the runner to pair the next at once.
 * A format with no round to pair, or pairing another round than the one claimed, is a bug: the step rolls back.
 */
export async function playEventRound(
  tx: Tx,
  t: TournamentRow,
  round: number,
  now: Date,
): Promise<RoundPlayed> {
  const event = await eventOf(tx, t);
  const matches = event.format.nextRound(event.entrants, event.options, event.results);
  if (matches.length === 0) throw new Error(`tournament ${t.id}: no round to pair, not over`);
  if (matches[0]!.round !== round) {
    throw new Error(
      `tournament ${t.id} pairs round ${matches[0]!.round} where its step claimed round ${round}`,
    );
  }
  const layout = event.format.layout?.(event.entrants, event.options, event.results);
  const numberOf = layout
    ? await fillBracket(tx, t.id, layout, event.rows)
    : await insertRound(tx, t.id, matches, event.rows.length);
  const pairings: Pairing[] = matches.flatMap((m) =>
    m.entrant2Id === null
      ? []
      : [
          {
            matchNumber: numberOf.get(m.key)!,
            entrant1: m.entrant1Id,
            entrant2: m.entrant2Id,
            firstStrikeId: m.firstStrikeId ?? m.entrant1Id,
          },
        ],
  );
  if (pairings.length === 0) return "byes only";
  await fightRound(tx, t, pairings, now);
  return "live";
}

/** Whether the format is over once the live matches are decided by their stored battles (nothing written). */
export async function isOverOnceDecided(tx: Tx, t: TournamentRow): Promise<boolean> {
  const [event, decided] = await Promise.all([eventOf(tx, t), decideLiveMatches(tx, t.id)]);
  const keyOf = new Map(event.rows.map((r) => [r.matchNumber, r.key]));
  const results = [
    ...event.results,
    ...decided.flatMap((m) => {
      const key = keyOf.get(m.matchNumber);
      return key == null ? [] : [{ key, winnerId: m.winnerId }];
    }),
  ];
  return event.format.isOver(event.entrants, event.options, results);
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
