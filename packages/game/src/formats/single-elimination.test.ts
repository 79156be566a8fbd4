import { describe, expect, it } from "vitest";
import { singleEliminationFormat as format } from "./single-elimination";
import { describeRounds, favouriteWins, type Judge, playEvent, seededEntrants } from "./testing";

const play = (n: number, judge: Judge = favouriteWins) => playEvent(format, seededEntrants(n), judge);
const places = (n: number, judge: Judge = favouriteWins) => play(n, judge).standings.map((s) => s.id);

describe("single elimination", () => {
  it("is one final between 2 entrants, the lower seed striking first", () => {
    expect(describeRounds(play(2).rounds)).toEqual(["s02>s01"]);
    expect(places(2)).toEqual(["s01", "s02"]);
  });

  it("gives seed 1 the bye with 3 entrants, and the lone semi-final loser 3rd by walkover", () => {
    const event = play(3);
    expect(describeRounds(event.rounds)).toEqual(["s01:bye s03>s02", "s02>s01 s03:bye"]);
    expect(event.rounds[1]?.map((m) => m.side)).toEqual(["main", "bronze"]);
    expect(event.standings.map((s) => s.id)).toEqual(["s01", "s02", "s03"]);
  });

  it("gives the top three seeds the byes with 5 entrants", () => {
    expect(describeRounds(play(5).rounds)).toEqual([
      "s01:bye s05>s04 s02:bye s03:bye",
      "s04>s01 s03>s02",
      "s02>s01 s04>s03",
    ]);
    expect(places(5)).toEqual(["s01", "s02", "s03", "s04", "s05"]);
  });

  it("pairs 8 entrants 1 v 8, 4 v 5, 2 v 7, 3 v 6 and plays the bronze match beside the final", () => {
    const event = play(8);
    expect(describeRounds(event.rounds)).toEqual([
      "s08>s01 s05>s04 s07>s02 s06>s03",
      "s04>s01 s03>s02",
      "s02>s01 s04>s03",
    ]);
    expect(event.rounds[2]?.map((m) => m.key)).toEqual(["R3-1", "B"]);
  });

  it("places the final, then the bronze match, then the round lost in, then the seed", () => {
    // The underdog wins every fight.
    const upsets: Judge = (m) =>
      m.entrant2Id !== null && m.entrant2Id > m.entrant1Id ? m.entrant2Id : m.entrant1Id;
    const event = play(8, upsets);
    expect(event.standings.map((s) => s.id)).toEqual([
      "s08",
      "s07",
      "s06",
      "s05",
      "s01",
      "s02",
      "s03",
      "s04",
    ]);
    expect(event.standings[4]?.tieBreaks).toEqual([
      { name: "podium", value: 0 },
      { name: "eliminatedInRound", value: 1 },
      { name: "seed", value: 1 },
    ]);
  });
});
