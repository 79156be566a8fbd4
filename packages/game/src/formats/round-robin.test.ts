import { describe, expect, it } from "vitest";
import { roundRobin } from "../guild-wars";
import {
  roundRobinFormat as format,
  ROUND_ROBIN_MAX_ENTRANTS,
  roundRobinMessages,
  roundRobinSchedule,
} from "./round-robin";
import { describeRounds, favouriteWins, type Judge, playEvent, seededEntrants } from "./testing";

const play = (n: number, judge: Judge = favouriteWins) => playEvent(format, seededEntrants(n), judge);

/** Decides every fight from a list of "winner>loser" lines. */
const fromTable =
  (lines: readonly string[]): Judge =>
  (m) => {
    const line = lines.find(
      (l) => l === `${m.entrant1Id}>${m.entrant2Id}` || l === `${m.entrant2Id}>${m.entrant1Id}`,
    );
    if (line === undefined) throw new Error(`No result for ${m.entrant1Id} v ${m.entrant2Id}`);
    return line.slice(0, line.indexOf(">"));
  };

describe("round robin", () => {
  it("is one match between 2 entrants", () => {
    expect(describeRounds(play(2).rounds)).toEqual(["s02>s01"]);
  });

  it("gives 3 entrants three rounds of one match and a bye", () => {
    expect(describeRounds(play(3).rounds)).toEqual(["s03>s02 s01:bye", "s01>s03 s02:bye", "s02>s01 s03:bye"]);
  });

  it("plays 5 entrants in 5 rounds of 2 matches and a bye, every pair once", () => {
    const event = play(5);
    expect(describeRounds(event.rounds)).toEqual([
      "s05>s02 s04>s03 s01:bye",
      "s01>s05 s03>s02 s04:bye",
      "s04>s01 s05>s03 s02:bye",
      "s03>s01 s02>s04 s05:bye",
      "s01>s02 s05>s04 s03:bye",
    ]);
    expect(event.rounds.map((r) => r.at(-1)?.key)).toEqual([
      "R1-bye",
      "R2-bye",
      "R3-bye",
      "R4-bye",
      "R5-bye",
    ]);
  });

  it("plays 8 entrants in 7 rounds of 4, each striking first 3 or 4 times", () => {
    const event = play(8);
    expect(event.rounds.map((r) => r.length)).toEqual([4, 4, 4, 4, 4, 4, 4]);
    expect(describeRounds(event.rounds)[0]).toBe("s08>s01 s07>s02 s06>s03 s05>s04");
    const firsts = new Map<string, number>();
    for (const m of event.rounds.flat())
      firsts.set(m.firstStrikeId as string, (firsts.get(m.firstStrikeId as string) ?? 0) + 1);
    expect([...firsts.values()].every((n) => n === 3 || n === 4)).toBe(true);
  });

  it("ranks by wins, then by wins among those on the same wins, then by total strength", () => {
    const event = play(4, fromTable(["s01>s02", "s01>s03", "s04>s01", "s04>s02", "s03>s04", "s02>s03"]));
    expect(event.standings.map((s) => [s.id, s.tieBreaks.map((t) => t.value)])).toEqual([
      ["s04", [2, 1, 997]],
      ["s01", [2, 0, 1000]],
      ["s02", [1, 1, 999]],
      ["s03", [1, 0, 998]],
    ]);
  });

  it("falls back on total strength when the tied beat each other in a circle", () => {
    const event = play(3, fromTable(["s03>s01", "s01>s02", "s02>s03"]));
    expect(event.standings.map((s) => s.id)).toEqual(["s01", "s02", "s03"]);
  });

  it(`takes at most ${ROUND_ROBIN_MAX_ENTRANTS} entrants`, () => {
    expect(format.check(seededEntrants(16)).ok).toBe(true);
    expect(format.check(seededEntrants(17))).toEqual({
      ok: false,
      code: "VALIDATION_FAILED",
      message: roundRobinMessages.tooManyEntrants,
    });
    expect(() => format.nextRound(seededEntrants(17), {}, [])).toThrow(roundRobinMessages.tooManyEntrants);
  });

  it("lays out the whole schedule up front: the matches the format pairs round by round, from 2 to 16 entrants", () => {
    for (let n = 2; n <= ROUND_ROBIN_MAX_ENTRANTS; n++) {
      const paired = play(n).rounds.flat();
      const scheduled = roundRobinSchedule(seededEntrants(n));
      const shape = (m: { key: string; round: number; entrant1Id: string; entrant2Id: string | null }) =>
        `${m.round} ${m.key} ${m.entrant1Id}-${m.entrant2Id}`;
      expect(scheduled.map(shape)).toEqual(paired.map(shape));
    }
  });

  it("schedules 8 entrants, seeded strongest first, as the circle method of the old war engine pairs them", () => {
    // Given out of seed order on purpose: the schedule seeds them by total strength.
    const scheduled = roundRobinSchedule([...seededEntrants(8)].reverse());
    expect(scheduled).toHaveLength(28);
    const circle = roundRobin(seededEntrants(8).map((e) => e.id));
    expect(scheduled.map((m) => [m.round, m.entrant1Id, m.entrant2Id])).toEqual(
      circle.map((p) => [p.round, p.home, p.away]),
    );
    expect(scheduled.slice(0, 4).map((m) => m.key)).toEqual(["R1-1", "R1-2", "R1-3", "R1-4"]);
  });

  it("refuses more entrants than a round robin takes", () => {
    expect(() => roundRobinSchedule(seededEntrants(17))).toThrow(roundRobinMessages.tooManyEntrants);
  });
});
