// What a stored battle was, in words, for the COMBAT ZONE header, the replay page and the history list.
import type { BattleKind } from "@bot-arena/contract";

const labels: Record<BattleKind, { long: string; short: string }> = {
  ai: { long: "AI Battle", short: "AI" },
  pvp: { long: "PvP", short: "PvP" },
  tournament: { long: "Tournament", short: "Tournament" },
  guild_war: { long: "Guild War", short: "Guild War" },
};

export const battleKindLabel = (kind: BattleKind, form: "long" | "short" = "long"): string =>
  labels[kind][form];
