// Who may open a tournament match's battle (GET /api/battles/:id): anyone once the match is completed; while it
// is live, anyone when the tournament's spectator flag is on, otherwise only its two players and admins.
import { messages } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import { forbidden } from "../../platform/errors";
import { canWatchMatch, type Viewer } from "./views";

export async function assertCanWatchTournamentBattle(
  db: Db,
  battleId: string,
  viewer: Viewer,
): Promise<void> {
  const [match] = rowsOf<{
    status: "pending" | "in_progress" | "completed";
    spectatorEnabled: boolean;
    seat1: string | null;
    seat2: string | null;
  }>(
    await db.execute(sql`
      select m.status, t.spectator_enabled as "spectatorEnabled", p1.user_id as seat1, p2.user_id as seat2
      from tournament_matches m
      join tournaments t on t.id = m.tournament_id
      left join tournament_participants p1 on p1.id = m.participant1_id
      left join tournament_participants p2 on p2.id = m.participant2_id
      where m.battle_id = ${battleId}::uuid`),
  );
  if (!match) return;
  const allowed = canWatchMatch({ battleId, status: match.status }, match, viewer, [
    match.seat1 ?? undefined,
    match.seat2 ?? undefined,
  ]);
  if (!allowed) throw forbidden(messages.spectatorsOff);
}
