// Query keys shared between the pages that read data and the live events that make it stale.
export const queryKeys = {
  me: ["me"],
  bots: ["bots"],
  summons: ["summons"],
  stats: ["stats"],
  tracks: ["music", "tracks"],
  ads: ["ads"],
  shop: ["shop"],
  inventory: ["inventory"],
  marketplace: ["marketplace"],
  bank: ["bank"],
  ledger: ["bank", "ledger"],
  aiOpponent: ["arena", "ai-opponent"],
  pvpOpponents: ["arena", "pvp-opponents"],
  battles: ["battles"],
  leaderboard: ["leaderboard"],
} as const;

/** Roots of the queries anyone may read; every other query belongs to the signed-in player. */
const publicRoots = new Set<unknown>(["stats", "music", "ads"]);

export function isPlayerQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] !== "me" && !publicRoots.has(queryKey[0]);
}
