// Simulated players in a tournament: the admin opens one (player-paid, up to 256 seats) before play, players
// join and ready up as one of their actions, and after play End Now fights the bracket and pays, so the
// end-of-run audit covers entry fees, refunds, prizes and the house's cut too.
import type { AdminTournamentActionResponse, TournamentDetail } from "@bot-arena/contract";
import type { Api, Caller } from "./api";

export async function openSimTournament(api: Api, admin: Caller | null): Promise<string | null> {
  if (!admin || !api.has("createTournament")) return null;
  const reply = await api.call<AdminTournamentActionResponse>(admin, "createTournament", {
    body: {
      name: "Simulation Cup",
      entryFeeMode: "player",
      maxPlayers: 256,
      registrationMinutes: 60,
      roundSeconds: 5,
    },
  });
  return reply.ok ? reply.data.tournament.id : null;
}

/** End Now after play; returns a line for the report. */
export async function finishSimTournament(
  api: Api,
  admin: Caller | null,
  id: string | null,
): Promise<string> {
  if (!admin || !id) return "tournament: none (no admin or no tournament routes)";
  const started = performance.now();
  const ended = await api.call<AdminTournamentActionResponse>(admin, "forceCompleteTournament", {
    params: { id },
  });
  const ms = performance.now() - started;
  const detail = await api.call<TournamentDetail>(admin, "tournament", { params: { id } });
  if (!ended.ok || !detail.ok) return `tournament: End Now answered ${ended.status}`;
  const t = detail.data.tournament;
  const matches = detail.data.matches.filter((m) => m.battleId !== null).length;
  const prizes = detail.data.participants.reduce((sum, p) => sum + p.prizeWon, 0);
  return `tournament: ${t.status}, ${t.currentPlayers} in the bracket, ${matches} matches fought, ${prizes} coins in prizes; End Now took ${Math.round(ms)} ms (${(ms / Math.max(1, matches)).toFixed(1)} ms per match)`;
}
