// The single-elimination bracket as the spec shows it: laid out whole from the start, seats filled as results
// come in. These are the old bracket engine's tests, asked of the format that replaced it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchTitle, prizeForPlace, tournamentPrizes } from "../tournament";
import { seedOrder } from "./bracket";
import { singleEliminationFormat as format } from "./single-elimination";
import { playEvent } from "./testing";
import type { EventEntrant, EventMatch, EventResult, LaidOutMatch } from "./types";

const entrants = (strengths: readonly number[]): EventEntrant[] =>
  strengths.map((totalStrength, i) => ({ id: `p${i + 1}`, totalStrength }));

const bracketOf = (list: readonly EventEntrant[], results: readonly EventResult[] = []) =>
  format.layout!(list, {}, results);

/** Matches with both seats known and no winner yet: the ones a server would fight next. */
const playable = (bracket: readonly LaidOutMatch[]) =>
  bracket.filter((m) => m.winnerId === null && m.entrant1Id !== null && m.entrant2Id !== null);

const seats = (m: LaidOutMatch | undefined) => [m?.entrant1Id, m?.entrant2Id];

const thirdPlace = (m: LaidOutMatch) => m.side === "bronze";

const rounds = (bracket: readonly LaidOutMatch[]) => Math.max(...bracket.map((m) => m.round));

/** A result for match `matchNumber`, as a server stores it. */
const won = (bracket: readonly LaidOutMatch[], matchNumber: number, winnerId: string): EventResult => ({
  key: bracket[matchNumber - 1]!.key,
  winnerId,
});

type Decide = (a: string, b: string, match: EventMatch) => string;

/** Plays every fight in order with `decide`; the bracket at the end and the final standings. */
function playOut(list: readonly EventEntrant[], decide: Decide) {
  const event = playEvent(format, list, (m) => decide(m.entrant1Id, m.entrant2Id!, m));
  return { bracket: bracketOf(list, event.results), standings: event.standings, results: event.results };
}

const byStrength = (list: readonly EventEntrant[]): Decide => {
  const strength = new Map(list.map((e) => [e.id, e.totalStrength]));
  return (a, b) => ((strength.get(a) ?? 0) >= (strength.get(b) ?? 0) ? a : b);
};

const eliminatedIn = (standing: { tieBreaks: readonly { name: string; value: number | null }[] }) =>
  standing.tieBreaks.find((b) => b.name === "eliminatedInRound")?.value ?? null;

const finalOf = (bracket: readonly LaidOutMatch[]) =>
  bracket.find((m) => m.round === rounds(bracket) && !thirdPlace(m));

describe("the single-elimination bracket", () => {
  it("seeds in the standard order so 1 and 2 can only meet in the final", () => {
    expect(seedOrder(2)).toEqual([1, 2]);
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it("pairs the strongest with the weakest in round 1", () => {
    const bracket = bracketOf(entrants([10, 80, 30, 60]));
    const round1 = bracket.filter((m) => m.round === 1);
    expect(round1.map(seats)).toEqual([
      ["p2", "p1"],
      ["p4", "p3"],
    ]);
    expect(rounds(bracket)).toBe(2);
    // Two semi-finals, the final (3) and the bronze match (4) beside it.
    expect(bracket.map((m) => m.matchNumber)).toEqual([1, 2, 3, 4]);
    expect(bracket.map((m) => matchTitle({ round: m.round, thirdPlace: thirdPlace(m) }, 2))).toEqual([
      "SEMI-FINALS",
      "SEMI-FINALS",
      "FINAL",
      "3RD PLACE",
    ]);
  });

  it("gives the byes to the top seeds and settles them at once", () => {
    const bracket = bracketOf(entrants([50, 40, 30, 20, 10]));
    expect(bracket.filter((m) => m.round === 1)).toHaveLength(4);
    const byes = bracket.filter((m) => m.round === 1 && m.entrant2Id === null);
    expect(byes.map((m) => m.entrant1Id).sort()).toEqual(["p1", "p2", "p3"]);
    expect(byes.every((m) => m.winnerId === m.entrant1Id)).toBe(true);
    // Seeds 2 and 3 both walked through round 1, so their round-2 match is already set.
    expect(playable(bracket).map(seats)).toEqual([
      ["p4", "p5"],
      ["p2", "p3"],
    ]);
  });

  it("moves winners into the next round", () => {
    const list = entrants([40, 30, 20, 10]);
    const start = bracketOf(list);
    const bracket = bracketOf(list, [won(start, 1, "p4")]);
    expect(bracket[2]?.entrant1Id).toBe("p4");
    expect(() => bracketOf(list, [won(start, 1, "p4"), won(start, 1, "p4")])).toThrow(RangeError);
    expect(() => bracketOf(list, [won(start, 1, "p4"), won(start, 2, "p1")])).toThrow(RangeError);
  });

  it("the two strongest meet in the final when the stronger side always wins", () => {
    const list = entrants([5, 90, 40, 70, 10, 60, 20]);
    const { bracket, standings } = playOut(list, byStrength(list));
    const final = finalOf(bracket);
    expect(seats(final)).toEqual(["p2", "p4"]);
    expect(final?.winnerId).toBe("p2");
    expect(standings[0]?.id).toBe("p2");
  });

  it("the bronze match between the semi-final losers decides 3rd, played in the final's round", () => {
    const list = entrants([100, 90, 80, 70]);
    const strength = new Map(list.map((e) => [e.id, e.totalStrength]));
    const start = bracketOf(list);
    expect(start.find(thirdPlace)).toMatchObject({ round: 2, entrant1Id: null, entrant2Id: null });
    // Upsets everywhere: the weaker side always wins, so p1 (100) and p2 (90) lose the semi-finals.
    const semis = [won(start, 1, "p4"), won(start, 2, "p3")];
    const bracket = bracketOf(list, semis);
    expect(
      playable(bracket)
        .filter((m) => m.round === 2)
        .map((m) => [m.matchNumber, m.entrant1Id, m.entrant2Id]),
    ).toEqual([
      [3, "p4", "p3"],
      [4, "p1", "p2"],
    ]);
    const { standings } = playOut(list, (a, b) => ((strength.get(a) ?? 0) < (strength.get(b) ?? 0) ? a : b));
    // The weaker p2 wins the bronze match too, so it is 3rd and the strongest entrant 4th.
    expect(standings.map((s) => [s.id, s.place, eliminatedIn(s)])).toEqual([
      ["p4", 1, null],
      ["p3", 2, 2],
      ["p2", 3, 1],
      ["p1", 4, 1],
    ]);
  });

  it("with 3 entrants the lone semi-final loser takes 3rd by walkover: pool 450 pays 270/90/45", () => {
    const list = entrants([30, 20, 10]);
    const start = bracketOf(list);
    // Seed 1 has the bye; seeds 2 and 3 fight the other semi-final.
    expect(playable(start).map(seats)).toEqual([["p2", "p3"]]);
    const semis = [won(start, 2, "p3")];
    expect(bracketOf(list, semis).find(thirdPlace)).toMatchObject({ winnerId: "p2", entrant1Id: null });
    const results = [...semis, won(start, 3, "p1")];
    expect(format.isOver(list, {}, results)).toBe(true);
    const places = format.standings(list, {}, results).map((s) => s.id);
    expect(places).toEqual(["p1", "p3", "p2"]);
    const prizes = tournamentPrizes({ mode: "player", players: 3 });
    expect(places.map((_, i) => prizeForPlace(prizes, i + 1))).toEqual([270, 90, 45]);
    expect(prizes.house).toBe(45);
  });

  it("the ranking waits for the bronze match", () => {
    const list = entrants([4, 3, 2, 1]);
    const start = bracketOf(list);
    const results = [won(start, 1, "p1"), won(start, 2, "p2"), won(start, 3, "p1")];
    expect(finalOf(bracketOf(list, results))?.winnerId).toBe("p1");
    expect(format.isOver(list, {}, results)).toBe(false);
    expect(playable(bracketOf(list, results)).map((m) => m.side)).toEqual(["bronze"]);
  });

  it("brackets for 2..256 entrants: everyone placed once in round 1, byes only there and only to the top seeds", () => {
    for (let n = 2; n <= 256; n++) {
      const list = entrants(Array.from({ length: n }, (_, i) => 1000 - i));
      const bracket = bracketOf(list);
      const size = 2 ** Math.ceil(Math.log2(n));
      const round1 = bracket.filter((m) => m.round === 1 && !thirdPlace(m));
      expect(round1).toHaveLength(size / 2);
      const placed = round1.flatMap((m) => [m.entrant1Id, m.entrant2Id]).filter((id) => id !== null);
      expect(placed.sort()).toEqual(list.map((e) => e.id).sort());
      const byes = round1.filter((m) => m.entrant1Id === null || m.entrant2Id === null);
      expect(byes).toHaveLength(size - n);
      // Entrants are p1 (strongest) .. pn, so the byes go to p1..p(byes).
      const byeIds = byes.map((m) => m.entrant1Id ?? m.entrant2Id).sort();
      expect(byeIds).toEqual(
        list
          .slice(0, byes.length)
          .map((e) => e.id)
          .sort(),
      );
      expect(bracket.filter((m) => m.round > 1).every((m) => m.winnerId === null)).toBe(true);
      expect(bracket.filter(thirdPlace)).toHaveLength(n >= 3 ? 1 : 0);
    }
  });

  it("a two-player bracket is a single final", () => {
    const list = entrants([1, 2]);
    const bracket = bracketOf(list);
    expect(bracket).toHaveLength(1);
    expect(matchTitle({ round: bracket[0]?.round ?? 0, thirdPlace: false }, rounds(bracket))).toBe("FINAL");
    expect(playOut(list, byStrength(list)).standings.map((s) => s.id)).toEqual(["p2", "p1"]);
  });

  it("refuses fewer than two entrants", () => {
    expect(() => bracketOf(entrants([1]))).toThrow(RangeError);
  });

  it("every bracket places each participant exactly once and has exactly one champion", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 2, maxLength: 70 }),
        fc.integer(),
        (strengths, seed) => {
          const list = entrants(strengths);
          const numberOf = new Map(bracketOf(list).map((m) => [m.key, m.matchNumber]));
          // An arbitrary but fixed winner choice per match, so upsets happen too.
          const { bracket, standings } = playOut(list, (a, b, match) =>
            (numberOf.get(match.key)! + seed) % 2 === 0 ? a : b,
          );
          expect(standings.map((r) => r.id).sort()).toEqual(list.map((e) => e.id).sort());
          expect(standings.map((r) => r.place)).toEqual(list.map((_, i) => i + 1));
          expect(standings.filter((r) => eliminatedIn(r) === null)).toHaveLength(1);
          const final = finalOf(bracket);
          expect(standings[0]?.id).toBe(final?.winnerId);
          expect(bracket.every((m) => m.winnerId !== null)).toBe(true);
          const runnerUp = final?.winnerId === final?.entrant1Id ? final?.entrant2Id : final?.entrant1Id;
          expect(standings[1]?.id).toBe(runnerUp);
          const bronze = bracket.find(thirdPlace);
          if (list.length >= 3) expect(standings[2]?.id).toBe(bronze?.winnerId);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("each participant plays at most once per round", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 70 }), (n) => {
        const list = entrants(Array.from({ length: n }, (_, i) => i));
        const { bracket } = playOut(list, byStrength(list));
        for (let round = 1; round <= rounds(bracket); round++) {
          const sides = bracket
            .filter((m) => m.round === round)
            .flatMap((m) => [m.entrant1Id, m.entrant2Id])
            .filter((id) => id !== null);
          expect(new Set(sides).size).toBe(sides.length);
        }
      }),
    );
  });
});
