import { describe, expect, it } from "vitest";
import { knockoutColumns, losersColumns } from "./bracketLayout";
import { aMatch, participantId } from "./fixtures";

const players = (slot: { participant1Id: string | null } | null) =>
  slot === null ? null : slot.participant1Id;

describe("where a bracket's matches sit", () => {
  it("a match sits below the two it is fed by, whatever its number", () => {
    const columns = knockoutColumns(
      [
        aMatch({ round: 1, a: 1, b: 8, winner: 1, matchNumber: 1 }),
        aMatch({ round: 1, a: 4, b: 5, winner: 5, matchNumber: 2 }),
        aMatch({ round: 1, a: 2, b: 7, winner: 2, matchNumber: 3 }),
        aMatch({ round: 1, a: 3, b: 6, winner: 3, matchNumber: 4 }),
        // Numbered the other way round: the winners of the lower half first.
        aMatch({ round: 2, a: 2, b: 3, matchNumber: 5 }),
        aMatch({ round: 2, a: 1, b: 5, matchNumber: 6 }),
      ],
      (round) => `R${round[0]!.round}`,
    );
    expect(columns.map((c) => c.slots.length)).toEqual([4, 2]);
    expect(columns[1]!.slots.map(players)).toEqual([participantId(1), participantId(2)]);
  });

  it("the losers' side keeps an empty place where two byes met, and its rounds line up", () => {
    // Five players in a bracket of eight: seeds 1, 2 and 3 have byes, so only 4 v 5 can drop a loser.
    const winners = knockoutColumns(
      [
        aMatch({ round: 1, a: 1, b: null, side: "winners" }),
        aMatch({ round: 1, a: 4, b: 5, winner: 4, side: "winners" }),
        aMatch({ round: 1, a: 2, b: null, side: "winners" }),
        aMatch({ round: 1, a: 3, b: null, side: "winners" }),
      ],
      () => "WINNERS ROUND 1",
    );
    const losers = losersColumns(
      [
        aMatch({ round: 2, a: 5, b: null, side: "losers" }),
        aMatch({ round: 3, a: 5, b: 2, side: "losers" }),
        aMatch({ round: 3, a: 1, b: null, side: "losers" }),
      ],
      winners[0]!.slots,
    );
    // Losers' round 1 has two places: pilot_5 (from the first pair of winners' matches) in the first, the second
    // empty (its two winners' matches were byes). Round 2 keeps two places, pilot_5's match level with its bye.
    expect(losers[0]!.slots.map(players)).toEqual([participantId(5), null]);
    expect(losers[1]!.slots.map(players)).toEqual([participantId(5), participantId(1)]);
  });
});
