// What every format's round does on the server: claim the round on the tournament row (a conditional update,
// checked before anything is fought), fight its matches with the bots as they entered, and decide its live
// matches from their stored battles. First strike is the format's to give (packages/game strike-order): a
// match's `first_strike_id` says whose bot attacked.
import { roundEndsAt, stepFrom } from "@bot-arena/game";
import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/database";
import { tournamentParticipants, tournaments } from "../../platform/db/schema";
import { type BattleRecord, fight, newBattleId, newBattleSeed, recordBattles } from "../battles/record";
import type { FighterSnapshot } from "../battles/snapshot";
import type { TournamentRow } from "./rows";

/**
 * Round `round`'s end by the events' one deadline rule, counted from the tournament's start (when its start step
 * ran), never from when this step ran.
 */
function roundEnd(t: TournamentRow, round: number): Date {
  if (t.startedAt === null) throw new Error(`tournament ${t.id} plays a round but never started`);
  return new Date(roundEndsAt(t.startedAt.getTime(), round, { windowMs: t.roundSeconds * 1000 }));
}

/**
 * The round's claim: the row must still be active at the round before, or the whole step rolls back (any
 * match decided before it with it) rather than fight a round twice.
 */
export async function claimRound(tx: Tx, t: TournamentRow, round: number): Promise<void> {
  const [moved] = await tx
    .update(tournaments)
    .set({
      currentRound: round,
      nextDueAt: roundEnd(t, round),
      // The planned rounds' end; a round past the plan (a bracket reset) moves it to its own end.
      battleEndsAt: roundEnd(t, Math.max(t.plannedRounds, round)),
    })
    .where(
      and(
        eq(tournaments.id, t.id),
        inArray(tournaments.status, stepFrom("tournament", "playRound")),
        eq(tournaments.currentRound, round - 1),
      ),
    )
    .returning({ id: tournaments.id });
  if (!moved) throw new Error(`tournament ${t.id} moved under its step to round ${round}`);
}

/** A match about to be fought: its row, its two sides, and whose bot strikes first. */
export type Pairing = { matchNumber: number; entrant1: string; entrant2: string; firstStrikeId: string };

/** Fights the pairings with the entrants' snapshots, stores the battles, and puts the matches live. */
export async function fightRound(
  tx: Tx,
  t: TournamentRow,
  pairings: readonly Pairing[],
  now: Date,
): Promise<void> {
  if (pairings.length === 0) return;
  const snapshots = new Map(
    (
      await tx
        .select({ id: tournamentParticipants.id, snapshot: tournamentParticipants.snapshot })
        .from(tournamentParticipants)
        .where(eq(tournamentParticipants.tournamentId, t.id))
    ).map((p) => [p.id, p.snapshot as FighterSnapshot]),
  );
  const records: BattleRecord[] = [];
  const live = pairings.map((pairing) => {
    const second = pairing.firstStrikeId === pairing.entrant1 ? pairing.entrant2 : pairing.entrant1;
    const attacker = snapshots.get(pairing.firstStrikeId)!;
    const defender = snapshots.get(second)!;
    const seed = newBattleSeed();
    const id = newBattleId();
    const result = fight(attacker, defender, seed);
    records.push({
      id,
      kind: "tournament",
      seed,
      attacker,
      defender,
      result,
      xpGained: 0,
      coinsMoved: 0,
      createdAt: now,
    });
    const winnerHp = result.winner === "attacker" ? result.attackerHp : result.defenderHp;
    return sql`(${pairing.matchNumber}::int, ${id}::uuid, ${pairing.firstStrikeId}::uuid, ${winnerHp}::int)`;
  });
  await recordBattles(tx, records);
  // One statement for the whole round: each match gets its battle, its first striker and the HP its winner will
  // be left with (the bracket shows it once the match is decided), and goes live.
  await tx.execute(sql`
    update tournament_matches m set status = 'in_progress', battle_id = v.battle_id,
      first_strike_id = v.first_strike_id, winner_hp = v.winner_hp, started_at = ${now.toISOString()}::timestamptz
    from (values ${sql.join(live, sql`, `)}) as v(match_number, battle_id, first_strike_id, winner_hp)
    where m.tournament_id = ${t.id}::uuid and m.match_number = v.match_number and m.status = 'pending'`);
}

/** The live matches' stored battles decide them: the winner by which side struck first. */
export async function decideLiveMatches(
  tx: Tx,
  tournamentId: string,
): Promise<{ matchNumber: number; winnerId: string }[]> {
  const live = rowsOf<{
    matchNumber: number;
    p1: string;
    p2: string;
    striker: string | null;
    winner: "attacker" | "defender";
  }>(
    await tx.execute(sql`
      select m.match_number as "matchNumber", m.participant1_id as p1, m.participant2_id as p2,
        m.first_strike_id as striker, b.winner
      from tournament_matches m join battles b on b.id = m.battle_id
      where m.tournament_id = ${tournamentId}::uuid and m.status = 'in_progress'
      order by m.match_number`),
  );
  return live.map((m) => {
    // Matches stored before first strike was balanced: the first side attacked.
    const attacker = m.striker ?? m.p1;
    const defender = attacker === m.p1 ? m.p2 : m.p1;
    return { matchNumber: m.matchNumber, winnerId: m.winner === "attacker" ? attacker : defender };
  });
}
