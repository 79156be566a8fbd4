// The players' tournament alerts on a stopped clock: each entrant is told on their own `me` channel when their
// match goes live (with its battle), and how each decided match left them (won, lost but still in, knocked out,
// placed at the end); an unready entrant who was dropped and a player who never joined hear nothing.
import {
  alertText,
  playerAlertKinds,
  tournamentMatchLiveAlert,
  tournamentResultAlert,
} from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hearAlerts } from "../../../test/player-alerts";
import type { LiveEnvelope } from "../../platform/live/publish";
import { type Pilot, pilot, setBot } from "../arena/testing";
import {
  type Arena,
  createTournament,
  detail,
  entrants,
  join,
  openArena,
  ready,
  tournamentRow,
} from "./testing";

let arena: Arena;
let alerts: Awaited<ReturnType<typeof hearAlerts>>;
beforeAll(async () => {
  arena = await openArena();
  alerts = await hearAlerts(arena.t.database);
});
afterAll(async () => {
  await alerts.stop();
  await arena.t.close();
});

const REWARDS = { first: 1000, second: 500, third: 250 };

/** Who was told what: "userId kind outcome", sorted, so a list of expectations reads as a table. */
const told = (heard: readonly LiveEnvelope[]) =>
  heard.map((e) => `${e.userId} ${e.kind}${e.data?.outcome ? ` ${e.data.outcome}` : ""}`).sort();

async function nextStep(id: string) {
  const row = await tournamentRow(arena.t.db, id);
  arena.clock.advance(row.nextDueAt!.getTime() - arena.clock.now().getTime());
  expect(await arena.t.app.reconciler.runOnce()).toBe(1);
  return alerts.settle();
}

describe("a single elimination of 8", () => {
  it("tells each player of their live match, their wins and losses, and their place; nobody else", async () => {
    const cup = await createTournament(arena.admin, {
      name: "Alert Cup",
      entryFeeMode: "admin",
      rewards: REWARDS,
      maxPlayers: 16,
      roundSeconds: 60,
      registrationMinutes: 5,
    });
    const players = await entrants(arena, cup.id, 8);
    for (const [i, p] of players.entries()) {
      const n = 20 + i * 3;
      await setBot(arena.t.db, p.bot.id, { strength: n, agility: n, defense: n, intelligence: n });
    }
    const [dropped] = await entrants(arena, cup.id, 1, { ready: false });
    const stranger = await pilot(arena.t, "Bystander");
    const userOf = new Map(
      (await detail(players[0]!, cup.id)).participants.map((p) => [p.id, p.userId] as const),
    );
    await alerts.settle();

    // Registration ends: round 1 goes live, each entrant hears of their own match and its battle.
    const opened = await nextStep(cup.id);
    const round1 = (await detail(players[0]!, cup.id)).matches.filter((m) => m.round === 1);
    const liveTo = (matches: typeof round1) =>
      matches.flatMap((m) =>
        [m.participant1Id!, m.participant2Id!].map(
          (p) => `${userOf.get(p)} ${playerAlertKinds.tournamentMatchLive}`,
        ),
      );
    expect(told(opened)).toEqual(liveTo(round1).sort());
    for (const event of opened) {
      const match = round1.find((m) =>
        [m.participant1Id, m.participant2Id].some((p) => userOf.get(p!) === event.userId),
      );
      expect(event.data).toEqual({
        tournamentId: cup.id,
        tournamentName: "Alert Cup",
        round: 1,
        battleId: match!.battleId,
      });
    }

    // Quarter-finals decided: winners won, losers are out; the semi-finals go live.
    const afterQuarters = await nextStep(cup.id);
    let state = await detail(players[0]!, cup.id);
    const quarters = state.matches.filter((m) => m.round === 1);
    const semis = state.matches.filter((m) => m.round === 2);
    const results = (matches: typeof quarters, loserOutcome: string) =>
      matches.flatMap((m) => {
        const loser = m.winnerId === m.participant1Id ? m.participant2Id! : m.participant1Id!;
        return [
          `${userOf.get(m.winnerId!)} ${playerAlertKinds.tournamentResult} won`,
          `${userOf.get(loser)} ${playerAlertKinds.tournamentResult} ${loserOutcome}`,
        ];
      });
    expect(told(afterQuarters)).toEqual([...results(quarters, "knocked_out"), ...liveTo(semis)].sort());
    // Told in the bracket's own words: the quarter-finals, not 'round 1'.
    const out = afterQuarters.find((e) => e.data?.outcome === "knocked_out")!;
    expect(alertText(playerAlertKinds.tournamentResult, out.data as Record<string, unknown>)).toMatchObject({
      title: "Knocked out of Alert Cup",
      description: "You lost in Quarter-Finals. Better luck in the next tournament.",
    });

    // Semi-finals decided: their losers lost but play the bronze match, so they are still in.
    const afterSemis = await nextStep(cup.id);
    state = await detail(players[0]!, cup.id);
    const lastRound = state.matches.filter((m) => m.round === 3);
    expect(told(afterSemis)).toEqual(
      [
        ...results(
          state.matches.filter((m) => m.round === 2),
          "lost",
        ),
        ...liveTo(lastRound),
      ].sort(),
    );

    // The final and the bronze match decided: the four are told their place and prize.
    const finished = await nextStep(cup.id);
    state = await detail(players[0]!, cup.id);
    expect(state.tournament.status).toBe("completed");
    const finalists = state.participants.filter((p) => p.placement !== null && p.placement <= 4);
    expect(finished.map((e) => [e.userId, e.data?.outcome, e.data?.place, e.data?.prize]).sort()).toEqual(
      finalists.map((p) => [p.userId, "finished", p.placement, p.prizeWon]).sort(),
    );
    expect(finalists.map((p) => p.prizeWon).sort((a, b) => b - a)).toEqual([1000, 500, 250, 0]);

    // Every alert's data is what the contract says the app will read.
    for (const event of [opened, afterQuarters, afterSemis, finished].flat()) {
      const schema =
        event.kind === playerAlertKinds.tournamentMatchLive
          ? tournamentMatchLiveAlert
          : tournamentResultAlert;
      expect(schema.safeParse(event.data).success).toBe(true);
    }
    const everyone = [opened, afterQuarters, afterSemis, finished].flat().map((e) => e.userId);
    expect(everyone).not.toContain(dropped!.id);
    expect(everyone).not.toContain(stranger.id);
    expect(everyone.every((id) => players.some((p) => p.id === id))).toBe(true);
  });
});

describe("a round robin", () => {
  it("tells a loser they lost, never that they are out, and a winner that nobody moves on", async () => {
    const cup = await createTournament(arena.admin, {
      name: "Alert League",
      entryFeeMode: "admin",
      rewards: REWARDS,
      format: "round_robin",
      maxPlayers: 16,
      roundSeconds: 60,
      registrationMinutes: 5,
    });
    const players: Pilot[] = [];
    for (let i = 0; i < 4; i++) {
      const p = await pilot(arena.t, `League Bot ${i + 1}`);
      expect((await join(p, cup.id)).statusCode).toBe(200);
      expect((await ready(p, cup.id)).statusCode).toBe(200);
      players.push(p);
    }
    await nextStep(cup.id);
    const results = (await nextStep(cup.id)).filter((e) => e.kind === playerAlertKinds.tournamentResult);
    expect(results.map((e) => e.data?.outcome).sort()).toEqual(["lost", "lost", "won", "won"]);
    // And says a win moves nobody on: every entrant plays every round.
    for (const e of results) expect(e.data).toMatchObject({ format: "round_robin", roundTitle: "ROUND 1" });
    const won = results.find((e) => e.data?.outcome === "won")!;
    expect(alertText(playerAlertKinds.tournamentResult, won.data as Record<string, unknown>)).toMatchObject({
      title: "You won Round 1 of Alert League",
      description: "Your next match comes in the next round.",
    });
  });
});
