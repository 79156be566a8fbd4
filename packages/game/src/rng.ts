// The only source of chance in the rulebook: sfc32, seeded from a string or a number. The server draws a
// seed, stores it beside the outcome, and anyone can replay that outcome from the seed alone.

/** The four 32-bit words of an sfc32 generator; enough to resume it exactly where it stopped. */
export type RngState = readonly [number, number, number, number];
export type Seed = string | number;

// sfc32's authors advise discarding the first outputs so similar seeds diverge before use.
const WARM_UP_ROUNDS = 15;
const TWO_POW_32 = 4294967296;

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  private constructor(state: RngState) {
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
  }

  static fromSeed(seed: Seed): Rng {
    const rng = new Rng(typeof seed === "number" ? wordsFromNumber(seed) : wordsFromString(seed));
    for (let i = 0; i < WARM_UP_ROUNDS; i++) rng.nextUint32();
    return rng;
  }

  static fromState(state: RngState): Rng {
    return new Rng(state);
  }

  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** A copy that continues the same sequence independently. */
  clone(): Rng {
    return new Rng(this.state());
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p; p at or below 0 is never, p at or above 1 is always. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Cannot pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

export const createRng = (seed: Seed): Rng => Rng.fromSeed(seed);
export const restoreRng = (state: RngState): Rng => Rng.fromState(state);

// cyrb128: a small, well-mixed string hash that yields the four words sfc32 needs.
function wordsFromString(seed: string): RngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

// splitmix32 spreads one number over four words; non-integers and huge numbers go through their text so
// that 1.5 and 1 do not collide.
function wordsFromNumber(seed: number): RngState {
  if (!Number.isSafeInteger(seed)) return wordsFromString(String(seed));
  let x = (seed ^ Math.floor(seed / TWO_POW_32)) | 0;
  const word = (): number => {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  return [word(), word(), word(), word()];
}
