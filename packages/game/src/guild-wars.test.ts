import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  placeWarGuilds,
  planDuels,
  rankWarStandings,
  roundRobin,
  warPayout,
  warPrizePool,
  warRoster,
  warRounds,
  warStakes,
} from "./guild-wars";
import { GuildId } from "./types";

const eight = ["a", "b", "c", "d", "e", "f", "g", "h"];
const key = (x: string, y: string) => [x, y].sort().join("-");

describe("the round robin", () => {
  it("8 guilds play 7 rounds of 4 pairings: 28 pairings, each pair exactly once", () => {
    const pairings = roundRobin(eight);
    expect(pairings).toHaveLength(28);
    expect(warRounds(8)).toBe(7);
    expect(new Set(pairings.map((p) => key(p.home, p.away))).size).toBe(28);
    for (let round = 1; round <= 7; round++) {
      const inRound = pairings.filter((p) => p.round === round);
      expect(inRound.map((p) => p.pairing)).toEqual([1, 2, 3, 4]);
      expect(new Set(inRound.flatMap((p) => [p.home, p.away])).size).toBe(8);
    }
  });

  it("no guild is always home: each plays 3 or 4 of its 7 pairings at home", () => {
    const pairings = roundRobin(eight);
    for (const g of eight) {
      const home = pairings.filter((p) => p.home === g).length;
      expect(home).toBeGreaterThanOrEqual(3);
      expect(home).toBeLessThanOrEqual(4);
    }
  });

  it("any count meets every pair once (an odd count takes byes)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), (n) => {
        const ids = Array.from({ length: n }, (_, i) => `g${i}`);
        const pairings = roundRobin(ids);
        expect(pairings).toHaveLength((n * (n - 1)) / 2);
        expect(new Set(pairings.map((p) => key(p.home, p.away))).size).toBe(pairings.length);
        expect(Math.max(...pairings.map((p) => p.round))).toBe(warRounds(n));
      }),
    );
  });
});

describe("rosters and duels", () => {
  const bot = (botId: string, totalStrength: number) => ({ botId, totalStrength });

  it("a guild fields its 5 strongest active bots, ties by id", () => {
    const roster = warRoster([
      bot("x", 50),
      bot("b", 80),
      bot("a", 80),
      bot("y", 10),
      bot("z", 60),
      bot("w", 55),
    ]);
    expect(roster.map((b) => b.botId)).toEqual(["a", "b", "z", "w", "x"]);
  });

  it("five duels strongest against strongest; the first striker alternates home, away, home...", () => {
    const home = [bot("h1", 90), bot("h2", 80), bot("h3", 70), bot("h4", 60), bot("h5", 50)];
    const away = [bot("a1", 95), bot("a2", 85), bot("a3", 75), bot("a4", 65), bot("a5", 55)];
    const duels = planDuels(home, away);
    expect(duels.map((d) => [d.slot, d.kind, d.kind === "battle" ? d.attacker : null])).toEqual([
      [1, "battle", "home"],
      [2, "battle", "away"],
      [3, "battle", "home"],
      [4, "battle", "away"],
      [5, "battle", "home"],
    ]);
    expect(duels[0]).toMatchObject({ home: { botId: "h1" }, away: { botId: "a1" } });
  });

  it("with fewer than 5 members the missing duels forfeit; with neither side present the slot is void", () => {
    const duels = planDuels([bot("h1", 9), bot("h2", 8), bot("h3", 7)], [bot("a1", 1)]);
    expect(duels.map((d) => (d.kind === "forfeit" ? `${d.kind}:${d.winner}` : d.kind))).toEqual([
      "battle",
      "forfeit:home",
      "forfeit:home",
      "void",
      "void",
    ]);
    expect(planDuels([], [bot("a1", 1)])[0]).toMatchObject({ kind: "forfeit", winner: "away" });
  });
});

describe("placements and payouts", () => {
  const standing = (id: string, duelWins: number, totalPower: number, disbanded = false) => ({
    guildId: GuildId(id),
    duelWins,
    totalPower,
    disbanded,
  });

  it("placement by duel wins, then power, then id; 2000/1000/500 to the top three", () => {
    const placed = placeWarGuilds([
      standing("b", 20, 300),
      standing("a", 20, 300),
      standing("c", 20, 900),
      standing("d", 25, 10),
      standing("e", 0, 5000),
    ]);
    expect(placed.map((p) => [p.guildId, p.placement, p.prizeAmount])).toEqual([
      ["d", 1, 2000],
      ["c", 2, 1000],
      ["a", 3, 500],
      ["b", 4, 0],
      ["e", 5, 0],
    ]);
  });

  it("the pool holds 8 stakes of 500; 3500 goes to the banks and 500 to the house", () => {
    expect(warStakes()).toBe(4000);
    expect(warPrizePool()).toBe(3500);
    const placed = placeWarGuilds(eight.map((g, i) => standing(g, 35 - i, 100)));
    expect(warPayout(4000, placed)).toEqual({ prizes: 3500, house: 500 });
  });

  it("a disbanded guild keeps its place but its prize goes to the house", () => {
    const placed = placeWarGuilds([standing("a", 9, 1, true), standing("b", 5, 1), standing("c", 1, 1)]);
    expect(placed.map((p) => p.prizeAmount)).toEqual([0, 1000, 500]);
    expect(warPayout(4000, placed)).toEqual({ prizes: 1500, house: 2500 });
  });

  it("standings during the battle use the same order", () => {
    const order = rankWarStandings([standing("x", 1, 5), standing("y", 3, 1), standing("z", 1, 9)]);
    expect(order.map((s) => s.guildId)).toEqual(["y", "z", "x"]);
  });
});
