// How each tournament format is named on screen: the admin's select, the admin list's badge and the page's
// header ("Swiss · 3 rounds").
import type { TournamentFormat, TournamentSummary } from "@bot-arena/contract";
import { ROUND_ROBIN_MAX_ENTRANTS } from "@bot-arena/game";

export const FORMAT_NAMES: Record<TournamentFormat, string> = {
  single_elimination: "Single elimination",
  double_elimination: "Double elimination",
  round_robin: "Round robin",
  swiss: "Swiss",
};

/** The create form's choices, the spec's bracket first (the default). */
export const FORMAT_OPTIONS: readonly { value: TournamentFormat; label: string }[] = [
  { value: "single_elimination", label: FORMAT_NAMES.single_elimination },
  { value: "double_elimination", label: FORMAT_NAMES.double_elimination },
  { value: "round_robin", label: `${FORMAT_NAMES.round_robin} (up to ${ROUND_ROBIN_MAX_ENTRANTS} players)` },
  { value: "swiss", label: FORMAT_NAMES.swiss },
];

/** "1 round", "3 rounds". */
export const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/**
 * The format as a player reads it. A Swiss says its rounds once they are known: the event's own count after the
 * start, the admin's choice before it; 'rounds set at the start' when the player count will decide.
 */
export function formatLabel(
  tournament: Pick<TournamentSummary, "format" | "swissRounds" | "totalRounds">,
): string {
  const name = FORMAT_NAMES[tournament.format];
  if (tournament.format !== "swiss") return name;
  const rounds = tournament.totalRounds > 0 ? tournament.totalRounds : tournament.swissRounds;
  return rounds === null ? `${name} · rounds set at the start` : `${name} · ${plural(rounds, "round")}`;
}
