import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "../cashout";
import { PVP_OPPONENT_LIST_SIZE } from "../constants";
import { createRng, type Rng } from "../rng";
import { RATING_PROVISIONAL_DEVIATION } from "./constants";
import { newPilotRating, type PilotRating } from "./pilot-rating";
import { rateBattle } from "./rate-battle";

const PILOTS = 200;
const BATTLES = 20_000;
const SEASON_MS = 28 * DAY_MS;
const STRENGTH_SPREAD = 200;
const SETTLED_BY_BATTLE = 30;

/** A standard normal draw (Box–Muller); 1 - next() keeps the logarithm away from 0. */
const normal = (rng: Rng): number =>
  Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

/** The chance that strength `a` beats strength `b` on the rating scale's own terms (400 points: 10 to 1). */
const winChance = (a: number, b: number): number => 1 / (1 + 10 ** ((b - a) / 400));

/** Ranks from 1, ties sharing the mean of the ranks they span. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    for (let k = start; k <= end; k++) result[order[k]!.i] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return result;
}

/** Spearman's rho: the correlation of the two rankings. */
function spearman(xs: readonly number[], ys: readonly number[]): number {
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (rx.length + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    const dx = rx[i]! - mean;
    const dy = ry[i]! - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

interface Season {
  readonly strengths: readonly number[];
  readonly ratings: readonly PilotRating[];
  /** Each pilot's deviation right after its 30th battle, attacking or defending; null if it had fewer. */
  readonly deviationAtSettling: readonly (number | null)[];
}

/**
 * A season of PvP, 20,000 battles over 28 days: the attacker is any pilot; its list offers the 10 pilots nearest
 * its rating (ties in a random order), as the PvP list is chosen by rating, and it fights one of them at random;
 * the hidden strengths decide the odds, the seeded rng the winner, and the defender's change is damped. The
 * settling figure depends on that list: with opponents drawn from everyone instead, the order is recovered as
 * well but only about two thirds of the pilots are below 110 by their 30th battle (90% by about the 38th).
 */
function playSeason(seed: string): Season {
  const rng = createRng(seed);
  const strengths = Array.from({ length: PILOTS }, () => 1500 + STRENGTH_SPREAD * normal(rng));
  const ratings = Array.from({ length: PILOTS }, newPilotRating);
  const battles = new Array<number>(PILOTS).fill(0);
  const deviationAtSettling = new Array<number | null>(PILOTS).fill(null);
  const start = Date.UTC(2026, 11, 1);
  const others = Array.from({ length: PILOTS }, (_, i) => ({ i, distance: 0, tie: 0 }));

  for (let n = 0; n < BATTLES; n++) {
    const now = start + Math.floor((n * SEASON_MS) / BATTLES);
    const a = rng.int(0, PILOTS - 1);
    for (const o of others) {
      o.distance = o.i === a ? Number.POSITIVE_INFINITY : Math.abs(ratings[o.i]!.rating - ratings[a]!.rating);
      o.tie = rng.next();
    }
    others.sort((x, y) => x.distance - y.distance || x.tie - y.tie);
    const d = others[rng.int(0, PVP_OPPONENT_LIST_SIZE - 1)]!.i;
    const winner = rng.chance(winChance(strengths[a]!, strengths[d]!)) ? "attacker" : "defender";
    const rated = rateBattle(ratings[a]!, ratings[d]!, winner, now);
    ratings[a] = rated.attacker;
    ratings[d] = rated.defender;
    for (const p of [a, d]) {
      battles[p]!++;
      if (battles[p] === SETTLED_BY_BATTLE) deviationAtSettling[p] = ratings[p]!.deviation;
    }
  }
  return { strengths, ratings, deviationAtSettling };
}

describe("a seeded season of 200 pilots and 20,000 battles", () => {
  let season: Season;
  beforeAll(() => {
    season = playSeason("glicko-season");
  });

  it("recovers the pilots' hidden order: Spearman's rho of at least 0.9", () => {
    const rho = spearman(
      season.strengths,
      season.ratings.map((r) => r.rating),
    );
    expect(rho).toBeGreaterThanOrEqual(0.9);
  });

  it("settles 90% of the pilots below deviation 110 by their 30th battle", () => {
    expect(season.deviationAtSettling.every((d) => d !== null)).toBe(true);
    const settled = season.deviationAtSettling.filter((d) => d! < RATING_PROVISIONAL_DEVIATION).length;
    expect(settled / PILOTS).toBeGreaterThanOrEqual(0.9);
  });
});
