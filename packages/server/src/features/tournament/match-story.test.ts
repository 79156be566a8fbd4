// What the screens tell about a tournament beyond the bracket itself: the pool of the ready players while
// registration runs, the winner's HP left on a decided match (never before), and what a match's battle meant,
// told to its two players and to a spectator.
import type { BattleReplay } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../../test/helpers";
import { aiBattle, findOpponent, outcomeOf, pilot } from "../arena/testing";
import {
  type Arena,
  adminAction,
  createTournament,
  detail,
  entrants,
  openArena,
  playUntil,
  tournamentRow,
} from "./testing";

let arena: Arena;
beforeAll(async () => {
  arena = await openArena();
});
afterAll(() => arena.t.close());

const replayOf = async (
  viewer: { get(url: string): Promise<{ statusCode: number; json<T>(): T }> },
  id: string,
) => {
  const response = await viewer.get(`/api/battles/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<BattleReplay>();
};

describe("the ready players' pool", () => {
  it("while registration runs: 150 x the ready players, and 'up to' 150 x the joined ones", async () => {
    const t = await createTournament(arena.admin, { minPlayers: 2, maxPlayers: 8 });
    const [first] = await entrants(arena, t.id, 4);
    await entrants(arena, t.id, 3, { ready: false });
    const pending = (await detail(first!, t.id)).tournament;
    expect(pending).toMatchObject({ currentPlayers: 7, readyCount: 4, prizePool: 1050, readyPrizePool: 600 });
    // At the start the unready are refunded: the pool is the ready players' one, and both figures agree.
    expect((await adminAction(arena.admin, t.id, "start")).statusCode).toBe(200);
    const started = (await detail(first!, t.id)).tournament;
    expect(started).toMatchObject({ currentPlayers: 4, prizePool: 600, readyPrizePool: 600 });
    expect((await tournamentRow(arena.t.db, t.id)).poolBalance).toBe(600);
  });

  it("admin mode: the rewards, whoever is ready", async () => {
    const t = await createTournament(arena.admin, { entryFeeMode: "admin", minPlayers: 2 });
    const [first] = await entrants(arena, t.id, 2, { ready: false });
    expect((await detail(first!, t.id)).tournament).toMatchObject({ prizePool: 1750, readyPrizePool: 1750 });
  });
});

describe("a match's battle and what it meant", () => {
  it("the winner's HP shows once the match is decided; the end screen says who advances to the final", async () => {
    const t = await createTournament(arena.admin, { minPlayers: 4, maxPlayers: 4 });
    const pilots = await entrants(arena, t.id, 4);
    expect((await adminAction(arena.admin, t.id, "start")).statusCode).toBe(200);

    const live = await detail(pilots[0]!, t.id);
    const semi = live.matches.find((m) => m.round === 1 && m.status === "in_progress")!;
    // Fought already, but not told before the round ends.
    expect(semi.winnerHp).toBeNull();

    const p1 = live.participants.find((p) => p.id === semi.participant1Id)!;
    const seated = pilots.find((p) => p.id === p1.userId)!;
    const spectator = await signUp(arena.t.app);
    const seen = await replayOf(seated, semi.battleId!);
    const striker = semi.firstStrikeId === p1.id ? "attacker" : "defender";
    expect(seen.context).toMatchObject({
      title: "SEMI-FINALS",
      viewerSide: striker,
      live: true,
      eventChannel: `tournament:${t.id}`,
    });
    const winnerName = seen[seen.winner].name;
    const expected =
      seen.winner === striker ? "Advances to the final" : `${winnerName} advances to the final`;
    expect(seen.context?.meaning).toBe(expected);
    const watched = await replayOf(spectator, semi.battleId!);
    expect(watched.context).toMatchObject({
      viewerSide: null,
      meaning: `${winnerName} advances to the final`,
    });

    await playUntil(arena, t.id, "completed");
    const done = await detail(spectator, t.id);
    const decided = done.matches.find((m) => m.id === semi.id)!;
    expect(decided.winnerHp).toBe(
      seen.winner === "attacker" ? seen.events.at(-1)!.attackerHp : seen.events.at(-1)!.defenderHp,
    );
    expect(decided.winnerHp).toBeGreaterThan(0);

    const final = done.matches.find((m) => m.title === "FINAL")!;
    expect((await replayOf(spectator, final.battleId!)).context).toMatchObject({
      title: "FINAL",
      live: false,
      meaning: expect.stringMatching(/ wins the tournament$/),
    });
    const bronze = done.matches.find((m) => m.thirdPlace)!;
    expect((await replayOf(spectator, bronze.battleId!)).context?.meaning).toMatch(/ takes 3rd place$/);
  });

  it("a round robin's match tells the winner's record after its round", async () => {
    const t = await createTournament(arena.admin, { minPlayers: 3, maxPlayers: 3, format: "round_robin" });
    const pilots = await entrants(arena, t.id, 3);
    expect((await adminAction(arena.admin, t.id, "start")).statusCode).toBe(200);
    const live = await detail(pilots[0]!, t.id);
    const match = live.matches.find((m) => m.status === "in_progress" && m.battleId !== null)!;
    const seen = await replayOf(pilots[0]!, match.battleId!);
    expect(seen.context?.title).toBe("ROUND 1");
    expect(seen.context?.meaning).toMatch(/is 1 win, 0 losses after round 1$/i);
  });

  it("an AI battle belongs to no event", async () => {
    const p = await pilot(arena.t);
    await findOpponent(p);
    const outcome = await outcomeOf(await aiBattle(p));
    expect((await replayOf(p, outcome.battle.id)).context).toBeNull();
  });
});
