// What every format's round does on the server once the round runner has claimed it (features/events/
// round-runner.ts): fight its matches with the bots as they entered, and decide its live matches from their
// stored battles. First strike is the format's to give (packages/game strike-order): a
// match's `first_strike_id` says whose bot attacked.
import { eq, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/database";
import { tournamentParticipants } from "../../platform/db/schema";
import { type BattleRecord, eventBattle, recordBattles } from "../battles/record";
import type { FighterSnapshot } from "../battles/snapshot";
import type { TournamentRow } from "./rows";

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
    const battle = eventBattle("tournament", attacker, defender, now);
    records.push(battle);
    const { id, result } = battle;
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

/** The live matches are decided in one statement. */
export async function decideRound(tx: Tx, tournamentId: string): Promise<void> {
  const decided = await decideLiveMatches(tx, tournamentId);
  if (decided.length === 0) return;
  const values = sql.join(
    decided.map((m) => sql`(${m.matchNumber}::int, ${m.winnerId}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`
    update tournament_matches m set status = 'completed', winner_id = v.winner
    from (values ${values}) as v(match_number, winner)
    where m.tournament_id = ${tournamentId}::uuid and m.match_number = v.match_number and m.status = 'in_progress'`);
}
