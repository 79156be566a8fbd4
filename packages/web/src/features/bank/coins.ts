// How the economy pages write amounts of coins, and how a form's text becomes one.
import { parseWholeNumber } from "@bot-arena/game";

const formatter = new Intl.NumberFormat("en-US");

export const formatCoins = (coins: number): string => formatter.format(coins);

/** A signed amount for the ledger: +250 / −500. */
export const formatDelta = (delta: number): string =>
  `${delta > 0 ? "+" : "−"}${formatter.format(Math.abs(delta))}`;

/** The whole number a coin field holds, or null for blanks, fractions, words and amounts of 0 or less. */
export function coinsFromInput(text: string): number | null {
  const value = parseWholeNumber(text);
  return value !== null && value > 0 ? value : null;
}

/** '1 battle', '1,500 coins': a count with its word, plural past one. */
export const formatCount = (n: number, word: string): string =>
  `${formatter.format(n)} ${word}${n === 1 ? "" : "s"}`;
