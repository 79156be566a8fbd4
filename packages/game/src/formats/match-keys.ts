// Match keys: short, readable in a database row and in a log, and the same on every replay.

/** The one-off matches need no round or position. */
export const BRONZE_KEY = "B";
export const GRAND_FINAL_KEY = "GF";
export const BRACKET_RESET_KEY = "GF2";

const PREFIX = { main: "R", winners: "W", losers: "L" } as const;

/** "R2-3": round 2, match 3 of the main bracket (or of a round robin or Swiss); "R4-bye" for a round's bye. */
export const matchKey = (side: keyof typeof PREFIX, round: number, position: number | "bye"): string =>
  `${PREFIX[side]}${round}-${position}`;
