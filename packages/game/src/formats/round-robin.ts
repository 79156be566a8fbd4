// Round robin: everyone meets everyone once, in the circle-method rounds of guild-wars.ts (n-1 rounds for an
// even count, n for an odd one, each with one bye). The schedule does not depend on results, which keeps it
// to 16 entrants: 120 matches in 15 rounds. Standings: wins, then wins against the others on the same wins,
// then total strength, then id.
import { roundRobin, warRounds } from "../guild-wars";
import { matchKey } from "./match-keys";
import { type Draft, eventFormat, type FormatContext, type FormatRules, seedIds } from "./replay";
import { countWins, type RankRow } from "./standings";
import type { EventEntrant } from "./types";

export const ROUND_ROBIN_MAX_ENTRANTS = 16;

export const roundRobinMessages = {
  tooManyEntrants: `A round robin takes at most ${ROUND_ROBIN_MAX_ENTRANTS} entrants.`,
} as const;

function roundOf<Id extends string>(seeds: readonly Id[], round: number): Draft<Id>[] {
  const pairings = roundRobin(seeds).filter((p) => p.round === round);
  const drafts: Draft<Id>[] = pairings.map((p) => ({
    key: matchKey("main", round, p.pairing),
    side: "main",
    entrant1Id: p.home,
    entrant2Id: p.away,
  }));
  const playing = new Set(pairings.flatMap((p) => [p.home, p.away]));
  const resting = seeds.find((id) => !playing.has(id));
  if (resting !== undefined) {
    drafts.push({ key: matchKey("main", round, "bye"), side: "main", entrant1Id: resting, entrant2Id: null });
  }
  return drafts;
}

function rank<Id extends string>(context: FormatContext<Id>): RankRow<Id>[] {
  // Every entrant of an odd round robin rests exactly once, so counting byes would change no order.
  const wins = countWins(context, { byes: false });
  const headToHead = new Map<Id, number>();
  for (const match of context.decided.values()) {
    const { entrant1Id: a, entrant2Id: b, winnerId } = match;
    if (b !== null && wins.get(a) === wins.get(b)) {
      headToHead.set(winnerId, (headToHead.get(winnerId) ?? 0) + 1);
    }
  }
  return context.seeds.map((id) => ({
    id,
    tieBreaks: [
      { name: "wins", value: wins.get(id) ?? 0 },
      { name: "headToHead", value: headToHead.get(id) ?? 0 },
      { name: "totalStrength", value: context.strengthOf(id) },
    ],
  }));
}

const rules: FormatRules = {
  name: "round_robin",
  refuse: (entrants) => (entrants > ROUND_ROBIN_MAX_ENTRANTS ? roundRobinMessages.tooManyEntrants : null),
  pair(context) {
    const round = context.rounds.length + 1;
    return round > warRounds(context.seeds.length) ? null : roundOf(context.seeds, round);
  },
  rank,
};

export const roundRobinFormat = eventFormat(rules);

/** One match of the whole schedule: entrant 1 at home, entrant 2 away, or null for the round's bye. */
export type ScheduledMatch<Id extends string> = Draft<Id> & { readonly round: number };

/**
 * Every round's pairings at once, seeded as the format seeds: a round robin's rounds never depend on results,
 * so an event that shows all of them from its start (a guild war's duels) stores them when it starts. The same
 * matches, keys and order the format pairs round by round.
 */
export function roundRobinSchedule<Id extends string>(
  entrants: readonly EventEntrant<Id>[],
): ScheduledMatch<Id>[] {
  const refused = rules.refuse(entrants.length, {});
  if (refused !== null) throw new RangeError(refused);
  const seeds = seedIds(entrants);
  return Array.from({ length: warRounds(seeds.length) }, (_, i) =>
    roundOf(seeds, i + 1).map((draft) => ({ ...draft, round: i + 1 })),
  ).flat();
}
