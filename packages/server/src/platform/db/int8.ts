// Both drivers parse int8 (64-bit coins, counts, sums) with this, so money is a plain number everywhere.

/** A 64-bit value beyond 2^53 would silently lose coins as a number; refuse it loudly instead. */
export function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} is beyond a safe integer`);
  return value;
}
