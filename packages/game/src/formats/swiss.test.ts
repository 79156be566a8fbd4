import { describe, expect, it } from "vitest";
import { defaultSwissRounds, swissFormat as format, pairTopDown, swissMessages } from "./swiss";
import { describeRounds, favouriteWins, type Judge, playEvent, seededEntrants } from "./testing";

const play = (n: number, judge: Judge = favouriteWins, swissRounds?: number) =>
  playEvent(format, seededEntrants(n), judge, { swissRounds });

describe("Swiss", () => {
  it("plays ceil(log2 n) rounds unless told otherwise", () => {
    expect([2, 3, 4, 5, 8, 9, 16, 17, 64].map(defaultSwissRounds)).toEqual([1, 2, 2, 3, 3, 4, 4, 5, 6]);
    expect(play(8).rounds).toHaveLength(3);
    expect(play(8, favouriteWins, 5).rounds).toHaveLength(5);
  });

  it("is one match between 2 entrants", () => {
    expect(describeRounds(play(2).rounds)).toEqual(["s02>s01"]);
  });

  it("gives the bye to the lowest score not yet given one, and counts it as a win", () => {
    const event = play(3);
    expect(describeRounds(event.rounds)).toEqual(["s02>s01 s03:bye", "s01>s03 s02:bye"]);
    expect(event.standings.map((s) => [s.id, s.tieBreaks[0]?.value])).toEqual([
      ["s01", 2],
      ["s02", 1],
      ["s03", 1],
    ]);
  });

  it("pairs 5 entrants within score groups and passes over a choice that forces a rematch", () => {
    // Round 3: s01 and s05 lead, but pairing them would leave s02 and s04, who met in round 1.
    expect(describeRounds(play(5).rounds)).toEqual([
      "s03>s01 s04>s02 s05:bye",
      "s02>s01 s05>s03 s04:bye",
      "s01>s04 s02>s05 s03:bye",
    ]);
  });

  it("pairs 8 entrants top half against bottom half within each score group", () => {
    // Round 3: s01 and s02 have both struck second twice, so they do not meet (one would go to three).
    const event = play(8);
    expect(describeRounds(event.rounds)).toEqual([
      "s05>s01 s06>s02 s07>s03 s08>s04",
      "s03>s01 s04>s02 s07>s05 s08>s06",
      "s01>s04 s02>s03 s05>s08 s06>s07",
    ]);
  });

  it("ranks by score, then Buchholz, then total strength", () => {
    const winners: Record<number, string[]> = { 1: ["s03", "s04"], 2: ["s03", "s02"] };
    const event = play(4, (m) =>
      (winners[m.round] ?? []).includes(m.entrant1Id) ? m.entrant1Id : (m.entrant2Id as string),
    );
    // s04 and s02 are on 1 point each; s04 met the winner, s02 the entrant who lost both.
    expect(event.standings.map((s) => [s.id, s.tieBreaks.map((t) => t.value)])).toEqual([
      ["s03", [2, 1, 998]],
      ["s04", [1, 3, 997]],
      ["s02", [1, 1, 999]],
      ["s01", [0, 3, 1000]],
    ]);
  });

  it("ends early rather than repeat a match when no pairing is left", () => {
    // With 7 entrants and 6 rounds, this run has nothing but rematches (and byes) left after round 5.
    const event = play(7, (m) => m.entrant2Id ?? m.entrant1Id, 6);
    expect(event.rounds).toHaveLength(5);
    expect(format.isOver(seededEntrants(7), { swissRounds: 6 }, event.results)).toBe(true);
  });

  it("finds no pairing where every choice leaves someone with only rematches", () => {
    const played = new Set(["a-d", "a-e", "a-f", "b-d", "b-e", "b-f", "c-d", "c-e", "c-f"]);
    const fresh = (x: string, y: string) => !played.has(`${x}-${y}`) && !played.has(`${y}-${x}`);
    expect(pairTopDown(["a", "b", "c", "d", "e", "f"], () => 0, fresh)).toBeNull();
    played.delete("c-d");
    expect(pairTopDown(["a", "b", "c", "d", "e", "f"], () => 0, fresh)).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
    ]);
  });

  it("plays 1 to n-1 rounds", () => {
    const refused = { ok: false, code: "VALIDATION_FAILED", message: swissMessages.roundsOutOfRange(4) };
    expect(format.check(seededEntrants(5), { swissRounds: 0 })).toEqual(refused);
    expect(format.check(seededEntrants(5), { swissRounds: 5 })).toEqual(refused);
    expect(format.check(seededEntrants(5), { swissRounds: 2.5 })).toEqual(refused);
    expect(format.check(seededEntrants(5), { swissRounds: 4 }).ok).toBe(true);
    expect(format.check(seededEntrants(5), { swissRounds: null }).ok).toBe(true);
  });
});
