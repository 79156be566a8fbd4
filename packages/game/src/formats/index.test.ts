import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { warRounds } from "../guild-wars";
import { defaultSwissRounds, EVENT_FORMAT_NAMES, type EventFormatName, formatGenerator } from "./index";
import { playEvent } from "./testing";
import type { EventEntrant, EventMatch, EventOptions } from "./types";

// Each property plays dozens of whole events; a loaded machine can take several times the usual second.
const PROPERTY_TIMEOUT_MS = 60_000;

const ceilLog2 = (n: number): number => Math.ceil(Math.log2(n));

/** The most rounds each format may take: what "every event ends" is held to. */
const roundLimit: Record<EventFormatName, (n: number, options: EventOptions) => number> = {
  single_elimination: (n) => ceilLog2(n),
  double_elimination: (n) => 2 * ceilLog2(n) + 1,
  round_robin: (n) => warRounds(n),
  swiss: (n, options) => options.swissRounds ?? defaultSwissRounds(n),
};

interface Case {
  readonly entrants: EventEntrant[];
  /** The same entrants in another order. */
  readonly shuffled: EventEntrant[];
  readonly options: EventOptions;
  readonly firstWins: (key: string, a: string, b: string) => boolean;
}

/** Entrants with strengths that often tie, in random order, and an arbitrary judge. */
const eventCase = (min: number, max: number, swissRounds: (n: number) => fc.Arbitrary<number | undefined>) =>
  fc
    .integer({ min, max })
    .chain((n) =>
      fc.record({
        strengths: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: n, maxLength: n }),
        order: fc.array(fc.double({ noNaN: true }), { minLength: n, maxLength: n }),
        swissRounds: swissRounds(n),
        firstWins: fc.func(fc.boolean()),
      }),
    )
    .map(({ strengths, order, swissRounds, firstWins }): Case => {
      const entrants = strengths.map((totalStrength, i) => ({ id: `e${i}`, totalStrength }));
      const shuffled = entrants
        .map((entrant, i) => ({ entrant, at: order[i] ?? 0 }))
        .sort((x, y) => x.at - y.at)
        .map(({ entrant }) => entrant);
      return { entrants, shuffled, options: swissRounds === undefined ? {} : { swissRounds }, firstWins };
    });

const defaultRounds = () => fc.constant(undefined);
const fightsOf = (matches: readonly EventMatch[]) =>
  matches.filter((m): m is EventMatch & { entrant2Id: string } => m.entrant2Id !== null);
const pairKey = (m: { entrant1Id: string; entrant2Id: string }) =>
  [m.entrant1Id, m.entrant2Id].sort().join(" v ");

function playCase(name: EventFormatName, c: Case) {
  const format = formatGenerator(name);
  const limit = roundLimit[name](c.entrants.length, c.options);
  const event = playEvent(
    format,
    c.entrants,
    (m) =>
      c.firstWins(m.key, m.entrant1Id, m.entrant2Id as string) ? m.entrant1Id : (m.entrant2Id as string),
    c.options,
    limit,
  );
  return { format, event, limit };
}

type Played = ReturnType<typeof playCase>;

/** What every format must hold, whoever wins. */
function holdsForAnyFormat(c: Case, { format, event, limit }: Played): void {
  expect(event.rounds.length).toBeLessThanOrEqual(limit);
  expect(format.isOver(c.entrants, c.options, event.results)).toBe(true);
  expect(format.nextRound(c.entrants, c.options, event.results)).toEqual([]);

  const keys = event.rounds.flat().map((m) => m.key);
  expect(new Set(keys).size).toBe(keys.length);
  for (const [i, round] of event.rounds.entries()) {
    const inRound = round.flatMap((m) =>
      m.entrant2Id === null ? [m.entrant1Id] : [m.entrant1Id, m.entrant2Id],
    );
    expect(new Set(inRound).size).toBe(inRound.length);
    for (const m of round) {
      expect(m.round).toBe(i + 1);
      expect(m.entrant1Id).not.toBe(m.entrant2Id);
      expect(m.firstStrikeId).toBe(m.entrant2Id === null ? null : m.firstStrikeId);
      if (m.entrant2Id !== null) expect([m.entrant1Id, m.entrant2Id]).toContain(m.firstStrikeId);
    }
  }

  const ids = c.entrants.map((e) => e.id).sort();
  expect(event.standings.map((s) => s.id).sort()).toEqual(ids);
  expect(event.standings.map((s) => s.place)).toEqual(ids.map((_, i) => i + 1));

  // Replays: the same rounds and standings from the results alone, whatever order the inputs come in.
  const reversed = [...event.results].reverse();
  const state = format.replay(c.shuffled, c.options, reversed);
  expect(state).toEqual(format.replay(c.entrants, c.options, event.results));
  expect(state.rounds.map((r) => r.matches.map(({ winnerId: _, ...m }) => m))).toEqual(event.rounds);
  expect(format.standings(c.shuffled, c.options, reversed)).toEqual(event.standings);
}

/** Round robin and Swiss: no pair twice, and first strike within one of half the matches played. */
function holdsForPairingFormats(c: Case, { event }: Played): void {
  const fights = fightsOf(event.rounds.flat());
  const pairs = fights.map(pairKey);
  expect(new Set(pairs).size).toBe(pairs.length);
  for (const { id } of c.entrants) {
    const played = fights.filter((m) => m.entrant1Id === id || m.entrant2Id === id).length;
    const firsts = fights.filter((m) => m.firstStrikeId === id).length;
    expect(Math.abs(firsts - played / 2)).toBeLessThanOrEqual(1);
  }
}

/** Elimination: everyone but the champion is knocked out by `lives` losses (a bronze match takes none). */
function holdsForElimination({ event }: Played, lives: number): void {
  const losses = new Map<string, number>();
  const results = new Map(event.results.map((r) => [r.key, r.winnerId]));
  for (const m of fightsOf(event.rounds.flat())) {
    if (m.side === "bronze") continue;
    const loser = results.get(m.key) === m.entrant1Id ? m.entrant2Id : m.entrant1Id;
    losses.set(loser, (losses.get(loser) ?? 0) + 1);
  }
  const [champion, ...rest] = event.standings;
  expect(losses.get(champion?.id ?? "") ?? 0).toBeLessThan(lives);
  for (const s of rest) expect(losses.get(s.id)).toBe(lives);
  const last = event.rounds.at(-1)?.find((m) => m.side !== "bronze");
  expect(results.get(last?.key ?? "")).toBe(champion?.id);
}

describe("every format", () => {
  it("is found by its name", () => {
    for (const name of EVENT_FORMAT_NAMES) expect(formatGenerator(name).name).toBe(name);
  });

  it(
    "single elimination ends, pairs soundly, ranks everyone and replays exactly (2 to 64 entrants)",
    () => {
      fc.assert(
        fc.property(eventCase(2, 64, defaultRounds), (c) => {
          const played = playCase("single_elimination", c);
          holdsForAnyFormat(c, played);
          holdsForElimination(played, 1);
        }),
        { numRuns: 60 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "double elimination ends, pairs soundly, ranks everyone and replays exactly (2 to 64 entrants)",
    () => {
      fc.assert(
        fc.property(eventCase(2, 64, defaultRounds), (c) => {
          const played = playCase("double_elimination", c);
          holdsForAnyFormat(c, played);
          holdsForElimination(played, 2);
          const fights = played.event.rounds.flat();
          const losersFinal = fights.findLast((m) => m.side === "losers" && m.entrant2Id !== null);
          if (losersFinal !== undefined) {
            const winner = played.event.results.find((r) => r.key === losersFinal.key)?.winnerId;
            const loser = winner === losersFinal.entrant1Id ? losersFinal.entrant2Id : losersFinal.entrant1Id;
            expect(played.event.standings[2]?.id).toBe(loser);
          }
        }),
        { numRuns: 60 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "round robin plays every pair once with balanced first strikes (2 to 16 entrants)",
    () => {
      fc.assert(
        fc.property(eventCase(2, 16, defaultRounds), (c) => {
          const played = playCase("round_robin", c);
          holdsForAnyFormat(c, played);
          holdsForPairingFormats(c, played);
          const n = c.entrants.length;
          expect(fightsOf(played.event.rounds.flat())).toHaveLength((n * (n - 1)) / 2);
        }),
        { numRuns: 60 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "Swiss never repeats a pair, never gives a second bye, balances first strikes (2 to 64 entrants)",
    () => {
      fc.assert(
        fc.property(eventCase(2, 64, defaultRounds), (c) => {
          const played = playCase("swiss", c);
          holdsForAnyFormat(c, played);
          holdsForPairingFormats(c, played);
          const byes = played.event.rounds
            .flat()
            .filter((m) => m.entrant2Id === null)
            .map((m) => m.entrant1Id);
          expect(new Set(byes).size).toBe(byes.length);
        }),
        { numRuns: 40 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "Swiss holds the same with any number of rounds from 1 to n-1 (2 to 16 entrants)",
    () => {
      fc.assert(
        fc.property(
          eventCase(2, 16, (n) =>
            fc.option(fc.integer({ min: 1, max: Math.max(1, n - 1) }), { nil: undefined }),
          ),
          (c) => {
            const played = playCase("swiss", c);
            holdsForAnyFormat(c, played);
            holdsForPairingFormats(c, played);
          },
        ),
        { numRuns: 60 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
