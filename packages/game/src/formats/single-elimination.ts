// Single elimination with a bronze match, laid out whole from the start (the spec's bracket view): top seeds take the round-1 byes, the
// two semi-final losers play for 3rd beside the final, and a lone semi-final loser (3 entrants) takes 3rd by
// walkover. Standings: the final's winner and loser, the bronze match's winner and loser, then the round
// each other entrant lost in (later is better), then the seed.
import {
  bracketSize,
  eliminationRows,
  knockoutSlots,
  layOutBracket,
  pairBracket,
  type Slot,
  slotResult,
} from "./bracket";
import { BRONZE_KEY, matchKey } from "./match-keys";
import { eventFormat, type FormatRules } from "./replay";

export function singleEliminationSlots(entrants: number): Slot[] {
  const size = bracketSize(entrants);
  const rounds = Math.log2(size);
  const slots = knockoutSlots(size, "main");
  if (rounds < 2) return slots;
  const semi = (position: number) => matchKey("main", rounds - 1, position);
  return [
    ...slots,
    {
      key: BRONZE_KEY,
      side: "bronze",
      step: rounds,
      feeds: [{ loserOf: semi(1) }, { loserOf: semi(2) }],
    },
  ];
}

const rules: FormatRules = {
  name: "single_elimination",
  refuse: () => null,
  pair: (context) => pairBracket(singleEliminationSlots(context.seeds.length), context),
  layout: (context) => layOutBracket(singleEliminationSlots(context.seeds.length), context),
  rank(context) {
    const slots = singleEliminationSlots(context.seeds.length);
    const final = slotResult(
      slots,
      context,
      matchKey("main", Math.log2(bracketSize(context.seeds.length)), 1),
    );
    const podium = [final.winner, final.loser];
    if (slots.some((slot) => slot.side === "bronze")) {
      const bronze = slotResult(slots, context, BRONZE_KEY);
      podium.push(bronze.winner, bronze.loser);
    }
    return eliminationRows(context, podium, 1);
  },
};

export const singleEliminationFormat = eventFormat(rules);
