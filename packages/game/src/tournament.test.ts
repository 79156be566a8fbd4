import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adminTournamentActions,
  type Bracket,
  champion,
  checkTournamentJoin,
  checkTournamentSize,
  countdownParts,
  createBracket,
  type Entrant,
  finalMatch,
  finalRanking,
  isBracketComplete,
  matchTitle,
  playableInRound,
  playableMatches,
  playBracket,
  prizeForPlace,
  readyUpMessage,
  recordWinner,
  roundTitle,
  seedOrder,
  startMatch,
  startsEarly,
  thirdPlaceMatch,
  tournamentPrizes,
  tournamentStatusLine,
} from "./tournament";
import { ParticipantId } from "./types";

const entrants = (strengths: readonly number[]): Entrant[] =>
  strengths.map((totalStrength, i) => ({ id: ParticipantId(`p${i + 1}`), totalStrength }));

/** Plays a bracket where the stronger side always wins. */
function playByStrength(bracket: Bracket, list: readonly Entrant[]): Bracket {
  const strength = new Map(list.map((e) => [e.id, e.totalStrength]));
  return playBracket(bracket, (a, b) => ((strength.get(a) ?? 0) >= (strength.get(b) ?? 0) ? a : b));
}

describe("tournament prizes", () => {
  it("player mode: the pool is 150 × players split 60/20/10 with 10% to the house", () => {
    expect(tournamentPrizes({ mode: "player", players: 8 })).toEqual({
      entryFee: 150,
      pool: 1200,
      first: 720,
      second: 240,
      third: 120,
      house: 120,
    });
  });

  it("player mode floors each share and the house takes the remainder", () => {
    // pool 150 × 7 = 1050: 630, 210, 105, house 105
    expect(tournamentPrizes({ mode: "player", players: 7 })).toMatchObject({
      first: 630,
      second: 210,
      third: 105,
      house: 105,
    });
    // pool 150 × 3 = 450: 270, 90, 45, house 45
    expect(tournamentPrizes({ mode: "player", players: 3 })).toMatchObject({
      first: 270,
      second: 90,
      third: 45,
      house: 45,
    });
  });

  it("with two players nobody takes 3rd and its share goes to the house", () => {
    expect(tournamentPrizes({ mode: "player", players: 2 })).toMatchObject({
      pool: 300,
      first: 180,
      second: 60,
      third: 0,
      house: 60,
    });
  });

  it("admin mode: free entry and fixed rewards defaulting to 1000/500/250", () => {
    expect(tournamentPrizes({ mode: "admin", players: 4 })).toEqual({
      entryFee: 0,
      pool: 1750,
      first: 1000,
      second: 500,
      third: 250,
      house: 0,
    });
    expect(
      tournamentPrizes({ mode: "admin", players: 4, rewards: { first: 300, second: 200, third: 100 } }).first,
    ).toBe(300);
  });

  it("payouts never exceed the pool and sum to the pool minus the house share", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (players) => {
        const p = tournamentPrizes({ mode: "player", players });
        const paid = p.first + p.second + p.third;
        expect(paid).toBeLessThanOrEqual(p.pool);
        expect(paid).toBe(p.pool - p.house);
        expect(p.house).toBeGreaterThanOrEqual(Math.floor(p.pool / 10));
      }),
    );
  });

  it("only places 1 to 3 win a prize", () => {
    const p = tournamentPrizes({ mode: "player", players: 8 });
    expect([1, 2, 3, 4].map((place) => prizeForPlace(p, place))).toEqual([720, 240, 120, 0]);
  });
});

describe("joining and readiness", () => {
  const open = {
    hasActiveBot: true,
    isOpen: true,
    alreadyJoined: false,
    currentPlayers: 3,
    maxPlayers: 16,
    entryFeeMode: "player" as const,
    coins: 150,
  };

  it("joining needs an active bot ('You need an active bot to join the tournament')", () => {
    expect(checkTournamentJoin({ ...open, hasActiveBot: false })).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "You need an active bot to join the tournament",
    });
  });

  it("player mode needs the 150 fee; admin mode is free", () => {
    expect(checkTournamentJoin(open).ok).toBe(true);
    expect(checkTournamentJoin({ ...open, coins: 149 })).toEqual({
      ok: false,
      code: "NOT_ENOUGH_COINS",
      message: "Not enough coins!",
    });
    expect(checkTournamentJoin({ ...open, coins: 0, entryFeeMode: "admin" }).ok).toBe(true);
  });

  it("a full, closed or already-joined tournament refuses", () => {
    expect(checkTournamentJoin({ ...open, currentPlayers: 16 }).ok).toBe(false);
    expect(checkTournamentJoin({ ...open, isOpen: false }).ok).toBe(false);
    expect(checkTournamentJoin({ ...open, alreadyJoined: true }).ok).toBe(false);
  });

  it("shows 'All players ready!' only when the minimum is met and everyone is ready", () => {
    expect(readyUpMessage({ currentPlayers: 4, readyCount: 4, minPlayers: 4 })).toBe(
      "All players ready! Tournament starting soon...",
    );
    expect(readyUpMessage({ currentPlayers: 2, readyCount: 2, minPlayers: 4 })).toBe(
      "Waiting for 2 more player(s) to join",
    );
    // Enough have joined: the line counts who still has to ready up, never "0 more to join".
    expect(readyUpMessage({ currentPlayers: 5, readyCount: 3, minPlayers: 4 })).toBe(
      "Waiting for 2 more player(s) to ready up",
    );
    expect(readyUpMessage({ currentPlayers: 1, readyCount: 1, minPlayers: 1 })).toBe(
      "Waiting for 1 more player(s) to join",
    );
  });

  it("status lines follow the phase", () => {
    expect(tournamentStatusLine({ status: "pending", isReadyPhase: true, bracketGenerated: false })).toBe(
      "Ready Up Phase - Join Now!",
    );
    expect(tournamentStatusLine({ status: "active", isReadyPhase: false, bracketGenerated: true })).toBe(
      "Battle in Progress - Live Bracket!",
    );
    expect(tournamentStatusLine({ status: "completed", isReadyPhase: false, bracketGenerated: true })).toBe(
      "Tournament Complete - Winners Crowned!",
    );
  });

  it("admin buttons: start unless active or finished, stop and end unless finished, archive once finished", () => {
    expect(adminTournamentActions("pending")).toEqual({
      start: true,
      stop: true,
      forceComplete: true,
      archive: false,
    });
    expect(adminTournamentActions("active")).toEqual({
      start: false,
      stop: true,
      forceComplete: true,
      archive: false,
    });
    expect(adminTournamentActions("completed")).toEqual({
      start: false,
      stop: false,
      forceComplete: false,
      archive: true,
    });
    // A stopped tournament is cancelled: finished, so only archive remains.
    expect(adminTournamentActions("cancelled")).toEqual(adminTournamentActions("completed"));
    expect(adminTournamentActions("archived")).toEqual(adminTournamentActions("completed"));
  });

  it("min and max players lie in 2..256 with min not above max", () => {
    expect(checkTournamentSize({ minPlayers: 2, maxPlayers: 256 }).ok).toBe(true);
    expect(checkTournamentSize({ minPlayers: 1, maxPlayers: 16 })).toEqual({
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Players must be between 2 and 256",
    });
    expect(checkTournamentSize({ minPlayers: 2, maxPlayers: 257 }).ok).toBe(false);
    expect(checkTournamentSize({ minPlayers: 9, maxPlayers: 8 })).toEqual({
      ok: false,
      code: "VALIDATION_FAILED",
      message: "Minimum players cannot be more than maximum players",
    });
  });

  it("a full tournament with everyone ready starts before its deadline", () => {
    expect(startsEarly({ currentPlayers: 8, readyCount: 8, maxPlayers: 8 })).toBe(true);
    expect(startsEarly({ currentPlayers: 8, readyCount: 7, maxPlayers: 8 })).toBe(false);
    expect(startsEarly({ currentPlayers: 7, readyCount: 7, maxPlayers: 8 })).toBe(false);
  });

  it("the countdown splits what is left into hours, minutes and seconds", () => {
    expect(countdownParts(3_723_000, 0)).toEqual({ hours: 1, minutes: 2, seconds: 3 });
    expect(countdownParts(1000, 1000)).toBeNull();
  });
});

describe("bracket", () => {
  it("round titles: FINAL, SEMI-FINALS, QUARTER-FINALS, then ROUND n", () => {
    expect([1, 2, 3, 4, 5].map((r) => roundTitle(r, 5))).toEqual([
      "ROUND 1",
      "ROUND 2",
      "QUARTER-FINALS",
      "SEMI-FINALS",
      "FINAL",
    ]);
    expect(roundTitle(1, 1)).toBe("FINAL");
  });

  it("seeds in the standard order so 1 and 2 can only meet in the final", () => {
    expect(seedOrder(2)).toEqual([1, 2]);
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it("pairs the strongest with the weakest in round 1", () => {
    const bracket = createBracket(entrants([10, 80, 30, 60]));
    const round1 = bracket.matches.filter((m) => m.round === 1);
    expect(round1.map((m) => [m.participant1Id, m.participant2Id])).toEqual([
      ["p2", "p1"],
      ["p4", "p3"],
    ]);
    expect(bracket.rounds).toBe(2);
    // Two semi-finals, the final (3) and the bronze match (4) beside it.
    expect(bracket.matches.map((m) => m.matchNumber)).toEqual([1, 2, 3, 4]);
    expect(bracket.matches.map((m) => matchTitle(m, bracket.rounds))).toEqual([
      "SEMI-FINALS",
      "SEMI-FINALS",
      "FINAL",
      "3RD PLACE",
    ]);
  });

  it("gives the byes to the top seeds and settles them at once", () => {
    const bracket = createBracket(entrants([50, 40, 30, 20, 10]));
    expect(bracket.size).toBe(8);
    const byes = bracket.matches.filter((m) => m.round === 1 && m.participant2Id === null);
    expect(byes.map((m) => m.participant1Id).sort()).toEqual(["p1", "p2", "p3"]);
    expect(byes.every((m) => m.status === "completed" && m.winnerId === m.participant1Id)).toBe(true);
    // Seeds 2 and 3 both walked through round 1, so their round-2 match is already set.
    expect(playableMatches(bracket).map((m) => [m.participant1Id, m.participant2Id])).toEqual([
      ["p4", "p5"],
      ["p2", "p3"],
    ]);
  });

  it("moves winners into the next round and marks live matches", () => {
    let bracket = createBracket(entrants([40, 30, 20, 10]));
    bracket = startMatch(bracket, 1);
    expect(bracket.matches[0]?.status).toBe("in_progress");
    bracket = recordWinner(bracket, 1, ParticipantId("p4"));
    expect(bracket.matches[2]?.participant1Id).toBe("p4");
    expect(() => recordWinner(bracket, 1, ParticipantId("p4"))).toThrow(RangeError);
    expect(() => recordWinner(bracket, 2, ParticipantId("p1"))).toThrow(RangeError);
  });

  it("the two strongest meet in the final when the stronger side always wins", () => {
    const list = entrants([5, 90, 40, 70, 10, 60, 20]);
    const done = playByStrength(createBracket(list), list);
    const final = finalMatch(done);
    expect([final?.participant1Id, final?.participant2Id]).toEqual(["p2", "p4"]);
    expect(champion(done)).toBe("p2");
  });

  it("the bronze match between the semi-final losers decides 3rd, played in the final's round", () => {
    const list = entrants([100, 90, 80, 70]);
    const strength = new Map(list.map((e) => [e.id, e.totalStrength]));
    let bracket = createBracket(list);
    expect(thirdPlaceMatch(bracket)).toMatchObject({ round: 2, participant1Id: null, participant2Id: null });
    // Upsets everywhere: the weaker side always wins, so p1 (100) and p2 (90) lose the semi-finals.
    bracket = recordWinner(bracket, 1, ParticipantId("p4"));
    bracket = recordWinner(bracket, 2, ParticipantId("p3"));
    expect(
      playableInRound(bracket, 2).map((m) => [m.matchNumber, m.participant1Id, m.participant2Id]),
    ).toEqual([
      [3, "p4", "p3"],
      [4, "p1", "p2"],
    ]);
    const done = playBracket(bracket, (a, b) => ((strength.get(a) ?? 0) < (strength.get(b) ?? 0) ? a : b));
    // The weaker p2 wins the bronze match too, so it is 3rd and the strongest entrant 4th.
    expect(finalRanking(done).map((r) => [r.participantId, r.place, r.eliminatedInRound])).toEqual([
      ["p4", 1, null],
      ["p3", 2, 2],
      ["p2", 3, 1],
      ["p1", 4, 1],
    ]);
  });

  it("with 3 entrants the lone semi-final loser takes 3rd by walkover: pool 450 pays 270/90/45", () => {
    const list = entrants([30, 20, 10]);
    let bracket = createBracket(list);
    // Seed 1 has the bye; seeds 2 and 3 fight the other semi-final.
    expect(playableMatches(bracket).map((m) => [m.participant1Id, m.participant2Id])).toEqual([["p2", "p3"]]);
    bracket = recordWinner(bracket, 2, ParticipantId("p3"));
    expect(thirdPlaceMatch(bracket)).toMatchObject({
      status: "completed",
      winnerId: "p2",
      participant1Id: null,
    });
    bracket = recordWinner(bracket, 3, ParticipantId("p1"));
    expect(isBracketComplete(bracket)).toBe(true);
    const places = finalRanking(bracket).map((r) => r.participantId);
    expect(places).toEqual(["p1", "p3", "p2"]);
    const prizes = tournamentPrizes({ mode: "player", players: 3 });
    expect(places.map((_, i) => prizeForPlace(prizes, i + 1))).toEqual([270, 90, 45]);
    expect(prizes.house).toBe(45);
  });

  it("the ranking waits for the bronze match", () => {
    const list = entrants([4, 3, 2, 1]);
    let bracket = createBracket(list);
    bracket = recordWinner(bracket, 1, ParticipantId("p1"));
    bracket = recordWinner(bracket, 2, ParticipantId("p2"));
    bracket = recordWinner(bracket, 3, ParticipantId("p1"));
    expect(champion(bracket)).toBe("p1");
    expect(isBracketComplete(bracket)).toBe(false);
    expect(() => finalRanking(bracket)).toThrow(RangeError);
  });

  it("brackets for 2..256 entrants: everyone placed once in round 1, byes only there and only to the top seeds", () => {
    for (let n = 2; n <= 256; n++) {
      const list = entrants(Array.from({ length: n }, (_, i) => 1000 - i));
      const bracket = createBracket(list);
      expect(bracket.size).toBe(2 ** Math.ceil(Math.log2(n)));
      const round1 = bracket.matches.filter((m) => m.round === 1 && !m.thirdPlace);
      const placed = round1.flatMap((m) => [m.participant1Id, m.participant2Id]).filter((id) => id !== null);
      expect(placed.sort()).toEqual(list.map((e) => e.id).sort());
      const byes = round1.filter((m) => m.participant1Id === null || m.participant2Id === null);
      expect(byes).toHaveLength(bracket.size - n);
      // Entrants are p1 (strongest) .. pn, so the byes go to p1..p(byes).
      const byeIds = byes.map((m) => m.participant1Id ?? m.participant2Id).sort();
      expect(byeIds).toEqual(
        list
          .slice(0, byes.length)
          .map((e) => e.id)
          .sort(),
      );
      expect(
        bracket.matches
          .filter((m) => m.round > 1)
          .every((m) => m.participant1Id === null || m.status === "pending"),
      ).toBe(true);
      expect(bracket.matches.filter((m) => m.thirdPlace)).toHaveLength(n >= 3 ? 1 : 0);
    }
  });

  it("a two-player bracket is a single final", () => {
    const list = entrants([1, 2]);
    const bracket = createBracket(list);
    expect(bracket.matches).toHaveLength(1);
    expect(roundTitle(bracket.matches[0]?.round ?? 0, bracket.rounds)).toBe("FINAL");
    expect(finalRanking(playByStrength(bracket, list)).map((r) => r.participantId)).toEqual(["p2", "p1"]);
  });

  it("refuses fewer than two entrants", () => {
    expect(() => createBracket(entrants([1]))).toThrow(RangeError);
  });

  it("every bracket places each participant exactly once and has exactly one champion", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 2, maxLength: 70 }),
        fc.integer(),
        (strengths, seed) => {
          const list = entrants(strengths);
          // An arbitrary but fixed winner choice per match, so upsets happen too.
          const done = playBracket(createBracket(list), (a, b, match) =>
            (match.matchNumber + seed) % 2 === 0 ? a : b,
          );
          const ranking = finalRanking(done);
          expect(ranking.map((r) => r.participantId).sort()).toEqual(list.map((e) => e.id).sort());
          expect(ranking.map((r) => r.place)).toEqual(list.map((_, i) => i + 1));
          expect(ranking.filter((r) => r.eliminatedInRound === null)).toHaveLength(1);
          expect(ranking[0]?.participantId).toBe(champion(done));
          expect(done.matches.every((m) => m.status === "completed")).toBe(true);
          const final = finalMatch(done);
          const runnerUp =
            final?.winnerId === final?.participant1Id ? final?.participant2Id : final?.participant1Id;
          expect(ranking[1]?.participantId).toBe(runnerUp);
          const bronze = thirdPlaceMatch(done);
          if (list.length >= 3) expect(ranking[2]?.participantId).toBe(bronze?.winnerId);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("each participant plays at most once per round", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 70 }), (n) => {
        const list = entrants(Array.from({ length: n }, (_, i) => i));
        const done = playByStrength(createBracket(list), list);
        for (let round = 1; round <= done.rounds; round++) {
          const sides = done.matches
            .filter((m) => m.round === round)
            .flatMap((m) => [m.participant1Id, m.participant2Id])
            .filter((id) => id !== null);
          expect(new Set(sides).size).toBe(sides.length);
        }
      }),
    );
  });
});
