// Double elimination: a winners' bracket laid out like single elimination, a losers' bracket that takes each
// winners' round's losers, and a grand final between the two brackets' champions. The losers' champion has
// lost once, the winners' champion never, so if the losers' champion wins the grand final a second final
// (the bracket reset) decides it. Standings: champion, runner-up, the loser of the losers' final, then the
// round each other entrant was knocked out in (later is better), then the seed.
//
// With k winners' rounds the losers' bracket has 2k-2: odd rounds pair its own survivors, even rounds meet
// them with the losers dropping from the next winners' round. Each round is played as soon as its feeders
// are decided, so losers' round m runs beside winners' round m+1.
import { bracketSize, eliminationRows, type Feed, knockoutSlots, pairBracket, type Slot } from "./bracket";
import { BRACKET_RESET_KEY, GRAND_FINAL_KEY, matchKey } from "./match-keys";
import { eventFormat, type FormatRules } from "./replay";

function losersSlots(size: number): Slot[] {
  const winnersRounds = Math.log2(size);
  const slots: Slot[] = [];
  let count = size / 4;
  for (let round = 1; round <= 2 * winnersRounds - 2; round++) {
    for (let i = 1; i <= count; i++) {
      let feeds: [Feed, Feed];
      if (round === 1) {
        feeds = [{ loserOf: matchKey("winners", 1, 2 * i - 1) }, { loserOf: matchKey("winners", 1, 2 * i) }];
      } else if (round % 2 === 1) {
        feeds = [
          { winnerOf: matchKey("losers", round - 1, 2 * i - 1) },
          { winnerOf: matchKey("losers", round - 1, 2 * i) },
        ];
      } else {
        // Dropping every other winners' round in reverse keeps entrants who met in the winners' bracket apart.
        const dropping = round / 2 + 1;
        const from = (round / 2) % 2 === 1 ? count + 1 - i : i;
        feeds = [
          { winnerOf: matchKey("losers", round - 1, i) },
          { loserOf: matchKey("winners", dropping, from) },
        ];
      }
      slots.push({ key: matchKey("losers", round, i), side: "losers", step: round + 1, feeds });
    }
    if (round % 2 === 0) count /= 2;
  }
  return slots;
}

export function doubleEliminationSlots(entrants: number): Slot[] {
  const size = bracketSize(entrants);
  const winnersRounds = Math.log2(size);
  const winnersChampion: Feed = { winnerOf: matchKey("winners", winnersRounds, 1) };
  // With 2 entrants there is no losers' bracket: the first match's loser goes straight to the grand final.
  const losersChampion: Feed =
    winnersRounds === 1
      ? { loserOf: matchKey("winners", 1, 1) }
      : { winnerOf: matchKey("losers", 2 * winnersRounds - 2, 1) };
  const finalStep = 2 * winnersRounds;
  return [
    ...knockoutSlots(size, "winners"),
    ...losersSlots(size),
    { key: GRAND_FINAL_KEY, side: "grand_final", step: finalStep, feeds: [winnersChampion, losersChampion] },
    {
      key: BRACKET_RESET_KEY,
      side: "bracket_reset",
      step: finalStep + 1,
      feeds: [winnersChampion, losersChampion],
      onlyIfSecondWon: GRAND_FINAL_KEY,
    },
  ];
}

const rules: FormatRules = {
  name: "double_elimination",
  refuse: () => null,
  pair: (context) => pairBracket(doubleEliminationSlots(context.seeds.length), context),
  rank(context) {
    const grandFinal = context.decided.get(GRAND_FINAL_KEY);
    // The losers' champion winning the grand final decides nothing yet: the reset does.
    const decisive =
      grandFinal !== undefined && grandFinal.winnerId === grandFinal.entrant2Id
        ? context.decided.get(BRACKET_RESET_KEY)
        : grandFinal;
    const champion = decisive?.winnerId ?? null;
    const runnerUp =
      decisive === undefined
        ? null
        : champion === decisive.entrant1Id
          ? decisive.entrant2Id
          : decisive.entrant1Id;
    // 3rd needs no podium entry: the losers' final is the last round before the grand final and has one
    // match, so its loser is the one knocked out latest.
    const podium = [champion, runnerUp];
    return eliminationRows(context, podium, 2);
  },
};

export const doubleEliminationFormat = eventFormat(rules);
