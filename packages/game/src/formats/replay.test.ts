import { describe, expect, it } from "vitest";
import { eventFormat, type FormatRules, formatMessages } from "./replay";
import { singleEliminationFormat as format } from "./single-elimination";
import { swissFormat, swissRules } from "./swiss";
import { favouriteWins, playEvent, seededEntrants } from "./testing";
import type { EventEntrant, EventFormat, EventResult } from "./types";

const four = seededEntrants(4);

describe("replaying an event from its results", () => {
  it("offers round 1 until a result is in, the same each time", () => {
    const first = format.nextRound(four, {}, []);
    expect(first.map((m) => [m.key, m.round, m.entrant1Id, m.entrant2Id, m.firstStrikeId])).toEqual([
      ["R1-1", 1, "s01", "s04", "s04"],
      ["R1-2", 1, "s02", "s03", "s03"],
    ]);
    expect(format.nextRound(four, {}, [])).toEqual(first);
  });

  it("offers nothing while the round in play is being fought, then the next round", () => {
    const half: EventResult[] = [{ key: "R1-1", winnerId: "s04" }];
    expect(format.nextRound(four, {}, half)).toEqual([]);
    expect(format.isOver(four, {}, half)).toBe(false);
    const next = format.nextRound(four, {}, [...half, { key: "R1-2", winnerId: "s02" }]);
    expect(next.map((m) => [m.key, m.round, m.side, m.entrant1Id, m.entrant2Id])).toEqual([
      ["R2-1", 2, "main", "s04", "s02"],
      ["B", 2, "bronze", "s01", "s03"],
    ]);
  });

  it("offers nothing once the event is over", () => {
    const results: EventResult[] = [
      { key: "R1-1", winnerId: "s01" },
      { key: "R1-2", winnerId: "s02" },
      { key: "R2-1", winnerId: "s02" },
      { key: "B", winnerId: "s04" },
    ];
    expect(format.isOver(four, {}, results)).toBe(true);
    expect(format.nextRound(four, {}, results)).toEqual([]);
    expect(format.standings(four, {}, results).map((s) => s.id)).toEqual(["s02", "s01", "s04", "s03"]);
  });

  it("shows the round in play with the winners known so far", () => {
    const state = format.replay(four, {}, [{ key: "R1-2", winnerId: "s03" }]);
    expect(state.seeds).toEqual(["s01", "s02", "s03", "s04"]);
    expect(state.over).toBe(false);
    expect(state.rounds.map((r) => r.matches.map((m) => m.winnerId))).toEqual([[null, "s03"]]);
  });

  it("ranks those still in ahead of those knocked out while the event runs", () => {
    const entrants = seededEntrants(8);
    const results: EventResult[] = [
      { key: "R1-1", winnerId: "s08" },
      { key: "R1-2", winnerId: "s04" },
      { key: "R1-3", winnerId: "s02" },
      { key: "R1-4", winnerId: "s03" },
      { key: "R2-1", winnerId: "s08" },
    ];
    expect(format.standings(entrants, {}, results).map((s) => [s.id, s.tieBreaks[1]?.value])).toEqual([
      ["s02", null],
      ["s03", null],
      ["s08", null],
      ["s04", 2],
      ["s01", 1],
      ["s05", 1],
      ["s06", 1],
      ["s07", 1],
    ]);
  });

  it("does not care in which order the entrants or the results come", () => {
    const results: EventResult[] = [
      { key: "R1-2", winnerId: "s03" },
      { key: "R1-1", winnerId: "s01" },
    ];
    expect(format.replay([...four].reverse(), {}, [...results].reverse())).toEqual(
      format.replay(four, {}, results),
    );
  });

  it("seeds by total strength, ties by id, as tournament.ts does", () => {
    const entrants = [
      { id: "b", totalStrength: 5 },
      { id: "a", totalStrength: 5 },
      { id: "c", totalStrength: 9 },
    ];
    expect(format.replay(entrants, {}, []).seeds).toEqual(["c", "a", "b"]);
  });

  it("refuses a result that fits no match in play", () => {
    expect(() => format.replay(four, {}, [{ key: "R9-1", winnerId: "s01" }])).toThrow(
      "Match R9-1 is not in play",
    );
    // Round 2 does not exist until round 1 is decided.
    expect(() => format.replay(four, {}, [{ key: "R2-1", winnerId: "s01" }])).toThrow(
      "Match R2-1 is not in play",
    );
    expect(() => format.replay(four, {}, [{ key: "R1-1", winnerId: "s02" }])).toThrow(
      "s02 is not in match R1-1",
    );
    expect(() =>
      format.replay(four, {}, [
        { key: "R1-1", winnerId: "s01" },
        { key: "R1-1", winnerId: "s04" },
      ]),
    ).toThrow("Match R1-1 has two results");
    expect(() => swissFormat.replay(seededEntrants(3), {}, [{ key: "R1-bye", winnerId: "s03" }])).toThrow(
      "Match R1-bye is a bye and takes no result",
    );
  });

  it("refuses fewer than 2 entrants, an entrant twice, and a strength that is not a number", () => {
    expect(format.check(seededEntrants(1))).toMatchObject({
      ok: false,
      message: formatMessages.tooFewEntrants,
    });
    expect(format.check([...four, four[0] as (typeof four)[number]])).toMatchObject({
      ok: false,
      message: formatMessages.duplicateEntrant("s01"),
    });
    expect(format.check([...four, { id: "x", totalStrength: Number.NaN }])).toMatchObject({
      ok: false,
      message: formatMessages.badStrength("x"),
    });
    expect(() => format.nextRound(seededEntrants(1), {}, [])).toThrow(RangeError);
  });
});

describe("pairing each round once", () => {
  /** Swiss's own rules, counting how often it is asked to pair. */
  const counted = () => {
    const asked = { pairs: 0 };
    const rules: FormatRules = {
      ...swissRules,
      pair(context) {
        asked.pairs += 1;
        return swissRules.pair(context);
      },
    };
    return { format: eventFormat(rules), asked };
  };
  const results = (format: EventFormat, entrants: EventEntrant[]) =>
    playEvent(format, entrants, favouriteWins).results;

  it("pairs a round once however often the event is replayed, with the same answer", () => {
    const { format, asked } = counted();
    const entrants = seededEntrants(16);
    const played = results(format, entrants);
    const rounds = swissFormat.replay(entrants, {}, played).rounds.length;
    asked.pairs = 0;
    const replayed = format.replay(entrants, {}, played);
    format.standings(entrants, {}, played);
    expect(asked.pairs).toBe(0);
    expect(replayed).toEqual(swissFormat.replay(entrants, {}, played));
    expect(replayed.rounds).toHaveLength(rounds);
  });

  it("pairs again when anything pair reads differs: a result, a strength, the options", () => {
    const { format, asked } = counted();
    const entrants = seededEntrants(8);
    const played = results(format, entrants);
    asked.pairs = 0;
    // The favourite loses its first match instead: round 2 on is paired anew.
    const upset = played.map((r, i) =>
      i === 0 ? { ...r, winnerId: format.replay(entrants, {}, []).rounds[0]!.matches[0]!.entrant2Id! } : r,
    );
    format.replay(entrants, {}, upset.slice(0, 4));
    expect(asked.pairs).toBe(1);
    // Weaker still, so the seeds keep their order and only the strength differs.
    const weaker = entrants.map((e) => (e.id === "s08" ? { ...e, totalStrength: 990.5 } : e));
    format.replay(weaker, {}, []);
    expect(asked.pairs).toBe(2);
    format.replay(entrants, { swissRounds: 2 }, []);
    expect(asked.pairs).toBe(3);
  });
});
