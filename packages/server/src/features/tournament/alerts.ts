// A player's own alerts from a tournament's step, kept in their inbox and sent after the step's commit: their
// match went live (Watch), and how the matches the step decided left them: won, lost but still in, knocked out,
// or placed when the event ended. One read of the matches and one of the entries per step, whatever the number
// of players.
import {
  type PlayerAlertKind,
  playerAlertKinds,
  type TournamentMatchLiveAlert,
  type TournamentOutcome,
  type TournamentResultAlert,
} from "@bot-arena/contract";
import { isKnockedOut } from "@bot-arena/game";
import type { Tx } from "../../platform/db/database";
import { type RaisedAlert, raiseAlerts } from "../alerts/raise";
import { matchesOf, participantsOf, type TournamentRow } from "./rows";
import { matchTitlesOf } from "./views";

/**
 * Call at the end of a step with the row as the step found it: its `currentRound` is the round the step
 * decided (0 when registration closed). A step that ended the event has written every place first.
 */
export async function alertEntrants(tx: Tx, t: TournamentRow): Promise<void> {
  const [matches, entrants] = await Promise.all([matchesOf(tx, t.id), participantsOf(tx, t.id)]);
  const titleOf = matchTitlesOf(matches, t);
  const byId = new Map(entrants.map((p) => [p.id, p]));
  const named = { tournamentId: t.id, tournamentName: t.name };
  const raised: RaisedAlert[] = [];
  const tell = (participantId: string | null, kind: PlayerAlertKind, data: Record<string, unknown>) => {
    const entrant = participantId === null ? undefined : byId.get(participantId);
    if (entrant) raised.push({ kind, userId: entrant.userId, data });
  };

  for (const m of matches) {
    if (m.participant1Id === null || m.participant2Id === null) continue;
    if (m.status === "in_progress" && m.battleId !== null) {
      const live = { ...named, round: m.round, battleId: m.battleId } satisfies TournamentMatchLiveAlert;
      tell(m.participant1Id, playerAlertKinds.tournamentMatchLive, live);
      tell(m.participant2Id, playerAlertKinds.tournamentMatchLive, live);
    }
    if (m.round !== t.currentRound || m.status !== "completed" || m.winnerId === null) continue;
    for (const id of [m.participant1Id, m.participant2Id]) {
      const entrant = byId.get(id);
      const outcome: TournamentOutcome =
        entrant?.placement != null
          ? "finished"
          : id === m.winnerId
            ? "won"
            : isKnockedOut(t.format, matches, id)
              ? "knocked_out"
              : "lost";
      const result = {
        ...named,
        round: m.round,
        outcome,
        place: entrant?.placement ?? null,
        prize: entrant?.prizeWon ?? 0,
        roundTitle: titleOf(m),
        format: t.format,
      } satisfies TournamentResultAlert;
      tell(id, playerAlertKinds.tournamentResult, result);
    }
  }
  await raiseAlerts(tx, raised);
}
