import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adminTournamentActions,
  checkTournamentSize,
  countdownParts,
  prizeForPlace,
  readyUpMessage,
  roundTitle,
  startsEarly,
  tournamentPrizes,
  tournamentStatusLine,
} from "./tournament";

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

describe("readiness", () => {
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

describe("bracket titles", () => {
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
});
