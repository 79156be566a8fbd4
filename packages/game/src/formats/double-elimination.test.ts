import { describe, expect, it } from "vitest";
import { doubleEliminationFormat as format } from "./double-elimination";
import { describeRounds, favouriteWins, type Judge, playEvent, seededEntrants } from "./testing";

const play = (n: number, judge: Judge = favouriteWins) => playEvent(format, seededEntrants(n), judge);
/** The given entrant wins every fight it is in except its first (keyed W1-1); otherwise the favourite wins. */
const comeback =
  (hero: string): Judge =>
  (m) =>
    m.key !== "W1-1" && (m.entrant1Id === hero || m.entrant2Id === hero) ? hero : favouriteWins(m);

describe("double elimination", () => {
  it("sends both of 2 entrants to a grand final, and resets it when the losers' side wins", () => {
    const straight = play(2);
    expect(describeRounds(straight.rounds)).toEqual(["s02>s01", "s01>s02"]);
    expect(straight.rounds.flat().map((m) => m.side)).toEqual(["winners", "grand_final"]);

    const reset = playEvent(format, seededEntrants(2), (m) => (m.key === "W1-1" ? "s01" : "s02"));
    expect(describeRounds(reset.rounds)).toEqual(["s02>s01", "s01>s02", "s02>s01"]);
    expect(reset.rounds.flat().map((m) => m.key)).toEqual(["W1-1", "GF", "GF2"]);
    expect(reset.standings.map((s) => s.id)).toEqual(["s02", "s01"]);
  });

  it("plays 3 entrants through a bye on each side", () => {
    const event = play(3);
    expect(describeRounds(event.rounds)).toEqual([
      "s01:bye s03>s02",
      "s02>s01 s03:bye",
      "s02>s03",
      "s01>s02",
    ]);
    expect(event.rounds[1]?.map((m) => m.key)).toEqual(["W2-1", "L1-1"]);
    expect(event.standings.map((s) => s.id)).toEqual(["s01", "s02", "s03"]);
  });

  it("plays 5 entrants: byes where seeds are missing, losers' rounds beside winners' rounds", () => {
    const event = play(5);
    expect(describeRounds(event.rounds)).toEqual([
      "s01:bye s05>s04 s02:bye s03:bye",
      "s04>s01 s03>s02 s05:bye",
      "s02>s01 s05>s03 s04:bye",
      "s04>s03",
      "s03>s02",
      "s01>s02",
    ]);
    expect(event.standings.map((s) => s.id)).toEqual(["s01", "s02", "s03", "s04", "s05"]);
  });

  it("drops 8 entrants' second-round losers into the losers' bracket crosswise", () => {
    const event = play(8);
    expect(describeRounds(event.rounds)).toEqual([
      "s08>s01 s05>s04 s07>s02 s06>s03",
      "s04>s01 s03>s02 s08>s05 s07>s06",
      "s02>s01 s05>s03 s06>s04",
      "s04>s03",
      "s03>s02",
      "s01>s02",
    ]);
    expect(event.rounds[2]?.map((m) => m.key)).toEqual(["W3-1", "L2-1", "L2-2"]);
  });

  it("alternates the order in which the winners' losers drop into the losers' bracket (16 entrants)", () => {
    const event = play(16);
    const losers = (round: number) =>
      event.rounds
        .flat()
        .filter((m) => m.key.startsWith(`L${round}-`))
        .map((m) => `${m.entrant1Id} v ${m.entrant2Id}`);
    expect(losers(2)).toEqual(["s09 v s06", "s12 v s07", "s10 v s05", "s11 v s08"]);
    // s06 and s03 met in the winners' second round; the straight drop keeps them apart here.
    expect(losers(4)).toEqual(["s06 v s04", "s05 v s03"]);
  });

  it("plays the bracket reset when the losers' champion wins the grand final", () => {
    const event = play(8, comeback("s08"));
    const finals = event.rounds.slice(-2).flat();
    expect(finals.map((m) => m.key)).toEqual(["GF", "GF2"]);
    expect(finals.map((m) => [m.entrant1Id, m.entrant2Id])).toEqual([
      ["s01", "s08"],
      ["s01", "s08"],
    ]);
    // First strike alternates between the two finals.
    expect(finals[0]?.firstStrikeId).not.toBe(finals[1]?.firstStrikeId);
    expect(event.standings.slice(0, 3).map((s) => s.id)).toEqual(["s08", "s01", "s02"]);
  });

  it("places the loser of the losers' final 3rd, then by the round knocked out in, then the seed", () => {
    const event = play(8);
    expect(event.standings.map((s) => s.id)).toEqual([
      "s01",
      "s02",
      "s03",
      "s04",
      "s05",
      "s06",
      "s07",
      "s08",
    ]);
    expect(event.standings.map((s) => s.tieBreaks[1]?.value)).toEqual([null, 6, 5, 4, 3, 3, 2, 2]);
  });
});
