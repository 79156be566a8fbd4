// Every query key of the app: for the queries that read data, the live events and actions that make it stale,
// and the answers put straight into the cache. A family sits under one root, so invalidating the root refreshes
// all of it.
export const queryKeys = {
  me: ["me"],
  bots: ["bots"],
  summons: ["summons"],
  summonHistory: (page: number) => ["summons", page],
  stats: ["stats"],
  tracks: ["music", "tracks"],
  ads: ["ads"],
  shop: ["shop"],
  inventory: ["inventory"],
  marketplace: ["marketplace"],
  priceGuide: (rarity: string | undefined, level: number | undefined) => [
    "marketplace",
    "price-guide",
    rarity,
    level,
  ],
  listingBattles: (listingId: string | null) => ["marketplace", "battles", listingId],
  bank: ["bank"],
  ledger: ["bank", "ledger"],
  aiOpponent: ["arena", "ai-opponent"],
  pvpOpponents: ["arena", "pvp-opponents"],
  /** Under the PvP list's key, so whatever refreshes the list (a battle, training) refreshes the odds too. */
  pvpWinChance: (defenderId: string) => ["arena", "pvp-opponents", "win-chance", defenderId],
  battles: ["battles"],
  recentBattles: (botId: string) => ["battles", "recent", botId],
  battleReplay: (id: string) => ["battles", "replay", id],
  leaderboard: ["leaderboard"],
  /** Under one root with the defense log: a battle refreshes both. */
  pilots: {
    all: ["pilots"],
    one: (username: string) => ["pilots", "one", username.toLowerCase()],
    defenses: ["pilots", "defenses"],
  },
  seasons: {
    current: ["seasons", "current"],
    past: (number: string) => ["seasons", "past", number],
  },
  alerts: ["alerts"],
  pushPreferences: ["push", "preferences"],
  guilds: {
    all: ["guilds"],
    list: (search: string) => ["guilds", "list", search.trim().toLowerCase()],
    one: (id: string) => ["guilds", "one", id],
  },
  guildWars: {
    all: ["guild-wars"],
    leaderboard: ["guild-wars", "leaderboard"],
    one: (id: string) => ["guild-wars", id],
  },
  tournaments: {
    all: ["tournaments"],
    current: ["tournaments", "current"],
    past: ["tournaments", "past"],
    one: (id: string) => ["tournaments", "one", id],
    admin: ["tournaments", "admin"],
  },
  admin: {
    library: ["admin", "library"],
    music: ["admin", "music"],
    /** Every lookup of players, whatever was searched. */
    players: ["admin", "players"],
    playerSearch: (q: string) => ["admin", "players", q],
    operations: ["admin", "operations"],
    operationsFiltered: (filter: object) => ["admin", "operations", filter],
    cashouts: ["admin", "cashouts"],
    cashoutsOf: (status: string) => ["admin", "cashouts", status],
    guildWarRewards: ["admin", "guild-war-rewards"],
  },
  chat: {
    messages: ["chat", "messages"],
    /** The reader's guild chat: which guild, the lines, whether they may delete. */
    guild: ["chat", "guild"],
    hidden: ["chat", "hidden"],
    mutes: ["chat", "admin", "mutes"],
    reports: ["chat", "admin", "reports"],
  },
  /** The watcher counts an event's channel carried (battles/watching.tsx). */
  watching: (eventChannel: string) => ["watching", eventChannel],
} as const;

/** Roots of the queries anyone may read; every other query belongs to the signed-in player. */
const publicRoots = new Set<unknown>(["stats", "music", "ads"]);

export function isPlayerQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] !== "me" && !publicRoots.has(queryKey[0]);
}
