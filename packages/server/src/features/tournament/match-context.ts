// What a tournament match's battle meant, for the COMBAT ZONE's header and end screen: the match's title, the
// viewer's side (their own bot in it), and what the winner got from it ("Advances to the final"). The battle
// decides the match before its round's window ends, so the meaning is told with the battle, never earlier.
import type { BattleContext, BattleSide } from "@bot-arena/contract";
import { roundTitle } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import { tournamentChannel } from "./live";
import { type MatchRow, matchesOf, type TournamentRow } from "./rows";
import { matchTitlesOf, recordsOf } from "./views";

/** "the final", "the semi-finals", "round 2": a round's title as the end of a sentence. */
const roundPhrase = (title: string) =>
  title.startsWith("ROUND") ? title.toLowerCase() : `the ${title.toLowerCase()}`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : word.endsWith("s") ? "es" : "s"}`;

/**
 * What winning `match` meant for its winner, as a phrase that follows the winner's name: single elimination
 * advances or crowns, the bronze match gives 3rd, double elimination keeps the winner in its bracket (or forces
 * the reset), a round robin or Swiss adds to the winner's record.
 */
export function winnerPhrase(
  t: Pick<TournamentRow, "format">,
  match: MatchRow,
  rows: readonly MatchRow[],
  winnerId: string,
) {
  switch (match.side) {
    case "bronze":
      return "takes 3rd place";
    case "bracket_reset":
      return "wins the tournament";
    case "grand_final": {
      // The winners' champion comes in unbeaten: winning crowns them; the losers' champion forces a reset.
      const before = recordsOf(rows.filter((m) => m.round < match.round));
      return before(winnerId).losses === 0 ? "wins the tournament" : "forces a bracket reset";
    }
    case "winners":
      return "stays unbeaten; the loser drops to the losers' bracket";
    case "losers":
      return "stays alive; the loser is out";
    case "main": {
      if (t.format === "single_elimination") {
        const rounds = rows.reduce((max, m) => Math.max(max, m.round), 0);
        if (match.round >= rounds) return "wins the tournament";
        return `advances to ${roundPhrase(roundTitle(match.round + 1, rounds))}`;
      }
      // A table format: the winner's record with this match counted, as it stands after its round.
      const decided = rows
        .filter((m) => m.round <= match.round)
        .map((m) => (m.id === match.id ? { ...m, status: "completed" as const, winnerId } : m));
      const record = recordsOf(decided)(winnerId);
      return `is ${plural(record.wins + record.byes, "win")}, ${plural(record.losses, "loss")} after round ${match.round}`;
    }
  }
}

/** The sentence: the phrase on its own for the winner's owner, after the winner's name for anyone else. */
const sentence = (phrase: string, winnerName: string, viewerWon: boolean) =>
  viewerWon ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : `${winnerName} ${phrase}`;

type Seat = { id: string; userId: string };

export async function tournamentBattleContext(
  db: Db,
  battle: { id: string; winner: BattleSide; winnerName: string },
  viewerId: string,
): Promise<BattleContext | null> {
  const [found] = rowsOf<{ tournamentId: string; format: TournamentRow["format"]; matchId: string }>(
    await db.execute(sql`
      select t.id as "tournamentId", t.format, m.id as "matchId"
      from tournament_matches m join tournaments t on t.id = m.tournament_id
      where m.battle_id = ${battle.id}::uuid`),
  );
  if (!found) return null;
  const [rows, seats] = await Promise.all([
    matchesOf(db, found.tournamentId),
    db.execute(
      sql`select id, user_id as "userId" from tournament_participants where tournament_id = ${found.tournamentId}::uuid`,
    ),
  ]);
  const match = rows.find((m) => m.id === found.matchId);
  if (!match || match.participant1Id === null || match.participant2Id === null) return null;
  const ownerOf = new Map(rowsOf<Seat>(seats).map((s) => [s.id, s.userId]));
  // Matches stored before first strike was balanced: the first side attacked.
  const attackerId = match.firstStrikeId ?? match.participant1Id;
  const defenderId = attackerId === match.participant1Id ? match.participant2Id : match.participant1Id;
  const winnerId = battle.winner === "attacker" ? attackerId : defenderId;
  const viewerSide: BattleSide | null =
    ownerOf.get(attackerId) === viewerId
      ? "attacker"
      : ownerOf.get(defenderId) === viewerId
        ? "defender"
        : null;
  return {
    title: matchTitlesOf(rows, found)(match),
    viewerSide,
    meaning: sentence(
      winnerPhrase(found, match, rows, winnerId),
      battle.winnerName,
      viewerSide === battle.winner,
    ),
    live: match.status === "in_progress",
    eventChannel: tournamentChannel(found.tournamentId),
  };
}
