import { describe, expect, it } from "vitest";
import { type Glicko, glicko2Update } from "./glicko2";
import { expectWithin } from "./testing";

const glicko = (rating: number, deviation: number, volatility: number): Glicko => ({
  rating,
  deviation,
  volatility,
});

/** One game between white and black, both updated from the ratings they brought, as lila's tests play it. */
function play(white: Glicko, black: Glicko, whiteScore: number) {
  return {
    white: glicko2Update(white, [{ opponent: black, score: whiteScore }]),
    black: glicko2Update(black, [{ opponent: white, score: 1 - whiteScore }]),
  };
}

/** A number after the game and how far from it lila's test accepts. */
type Expected = readonly [value: number, within: number];

interface Vector {
  readonly name: string;
  readonly white: Glicko;
  readonly black: Glicko;
  readonly whiteScore: number;
  /** Rating, deviation and volatility of each player after the game. */
  readonly whiteAfter: readonly [Expected, Expected, Expected];
  readonly blackAfter: readonly [Expected, Expected, Expected];
}

const fresh = glicko(1500, 500, 0.09);
const settled = glicko(1500, 80, 0.06);
const mixedWhite = glicko(1400, 79, 0.06);
const mixedBlack = glicko(1550, 110, 0.065);
const farWhite = glicko(1200, 60, 0.053);
const farBlack = glicko(1850, 200, 0.062);

// lila's RatingCalculatorTest (modules/rating), every case with its own tolerances.
const vectors: readonly Vector[] = [
  {
    name: "two new players, the first wins",
    white: fresh,
    black: fresh,
    whiteScore: 1,
    whiteAfter: [
      [1741, 1],
      [396, 1],
      [0.0899983, 0.00000001],
    ],
    blackAfter: [
      [1258, 1],
      [396, 1],
      [0.0899983, 0.0000001],
    ],
  },
  {
    name: "two new players, the second wins",
    white: fresh,
    black: fresh,
    whiteScore: 0,
    whiteAfter: [
      [1258, 1],
      [396, 1],
      [0.0899983, 0.00000001],
    ],
    blackAfter: [
      [1741, 1],
      [396, 1],
      [0.0899983, 0.0000001],
    ],
  },
  {
    name: "two new players draw",
    white: fresh,
    black: fresh,
    whiteScore: 0.5,
    whiteAfter: [
      [1500, 1],
      [396, 1],
      [0.0899954, 0.0000001],
    ],
    blackAfter: [
      [1500, 1],
      [396, 1],
      [0.0899954, 0.0000001],
    ],
  },
  {
    name: "two settled players, the first wins",
    white: settled,
    black: settled,
    whiteScore: 1,
    whiteAfter: [
      [1517, 1],
      [78, 1],
      [0.06, 0.00001],
    ],
    blackAfter: [
      [1482, 1],
      [78, 1],
      [0.06, 0.00001],
    ],
  },
  {
    name: "two settled players draw",
    white: settled,
    black: settled,
    whiteScore: 0.5,
    whiteAfter: [
      [1500, 1],
      [78, 1],
      [0.06, 0.00001],
    ],
    blackAfter: [
      [1500, 1],
      [78, 1],
      [0.06, 0.00001],
    ],
  },
  {
    name: "1400/79/0.06 beats 1550/110/0.065",
    white: mixedWhite,
    black: mixedBlack,
    whiteScore: 1,
    whiteAfter: [
      [1422, 1],
      [77, 1],
      [0.06, 0.00001],
    ],
    blackAfter: [
      [1506, 1],
      [105, 1],
      [0.065, 0.00001],
    ],
  },
  {
    name: "1400/79/0.06 loses to 1550/110/0.065",
    white: mixedWhite,
    black: mixedBlack,
    whiteScore: 0,
    whiteAfter: [
      [1389, 1],
      [78, 1],
      [0.06, 0.00001],
    ],
    blackAfter: [
      [1568, 1],
      [105, 1],
      [0.065, 0.00001],
    ],
  },
  {
    name: "1400/79/0.06 draws with 1550/110/0.065",
    white: mixedWhite,
    black: mixedBlack,
    whiteScore: 0.5,
    whiteAfter: [
      [1406, 1],
      [78, 1],
      [0.06, 0.00001],
    ],
    blackAfter: [
      [1537, 1],
      [105.87, 0.01],
      [0.065, 0.00001],
    ],
  },
  {
    name: "1200/60/0.053 beats 1850/200/0.062",
    white: farWhite,
    black: farBlack,
    whiteScore: 1,
    whiteAfter: [
      [1216.7, 0.1],
      [59.9, 0.1],
      [0.053013, 0.000001],
    ],
    blackAfter: [
      [1636, 0.1],
      [196.9, 0.1],
      [0.062028, 0.000001],
    ],
  },
  {
    name: "1200/60/0.053 loses to 1850/200/0.062",
    white: farWhite,
    black: farBlack,
    whiteScore: 0,
    whiteAfter: [
      [1199.3, 0.1],
      [59.9, 0.1],
      [0.052999, 0.000001],
    ],
    blackAfter: [
      [1855.4, 0.1],
      [196.9, 0.1],
      [0.061999, 0.000001],
    ],
  },
  {
    name: "1200/60/0.053 draws with 1850/200/0.062",
    white: farWhite,
    black: farBlack,
    whiteScore: 0.5,
    whiteAfter: [
      [1208.0, 0.1],
      [59.90056, 0.1],
      [0.053002, 0.000001],
    ],
    blackAfter: [
      [1745.7, 0.1],
      [196.98729, 0.1],
      [0.062006, 0.000001],
    ],
  },
];

describe("Glicko-2 as lichess rates one game", () => {
  it.each(vectors)("$name", (v) => {
    const after = play(v.white, v.black, v.whiteScore);
    for (const [player, [rating, deviation, volatility]] of [
      [after.white, v.whiteAfter],
      [after.black, v.blackAfter],
    ] as const) {
      expectWithin(player.rating, ...rating);
      expectWithin(player.deviation, ...deviation);
      expectWithin(player.volatility, ...volatility);
    }
  });

  it("no games leave a rating as it was", () => {
    expect(glicko2Update(mixedWhite, [])).toBe(mixedWhite);
  });

  it("Glickman's own example: 1500/200/0.06 against three players in one update", () => {
    // "Example of the Glicko-2 system": 1400/30 won, 1550/100 and 1700/300 lost: 1464.06 / 151.52 / 0.05999.
    // His step 6 lets a rating period pass (φ² + σ'²); a per-battle update lets none, so the deviation ends
    // a shade lower (151.4) and the rating moves a shade less (1464.11). His tau of 0.5 or lila's 0.75 give
    // the same volatility to the five places he prints.
    const after = glicko2Update(glicko(1500, 200, 0.06), [
      { opponent: glicko(1400, 30, 0.06), score: 1 },
      { opponent: glicko(1550, 100, 0.06), score: 0 },
      { opponent: glicko(1700, 300, 0.06), score: 0 },
    ]);
    expectWithin(after.rating, 1464.1, 0.05);
    expectWithin(after.deviation, 151.4, 0.1);
    expectWithin(after.volatility, 0.05999, 0.00001);
  });
});
