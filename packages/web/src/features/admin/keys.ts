// The admin panel's query keys and the operations log's filter.
import type { AdminOperationResult } from "@bot-arena/contract";

export type OperationsFilter = { result?: AdminOperationResult; action?: string; mine?: string };

export const adminKeys = {
  all: ["admin"],
  library: ["admin", "library"],
  music: ["admin", "music"],
  players: (q: string) => ["admin", "players", q],
  operations: ["admin", "operations"],
  cashouts: ["admin", "cashouts"],
  guildWarRewards: ["admin", "guild-war-rewards"],
} as const;
