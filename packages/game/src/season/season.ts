// PvP seasons: a season's window, its freeze, the ladder's order and the places a season rewards. Pure: the
// server passes the season's times, the pilots' numbers and `now` in. The soft reset a close applies is the
// rating's own (`softReset` in ../rating).
import { DAY_MS } from "../cashout";

/** PVP_SEASON_DAYS unless configured: four weeks, as most seasons of the games players know. */
export const PVP_SEASON_DAYS = 28;
/**
 * The podium is frozen this long before the season ends: a battle fought from then until the season is closed
 * is fought and paid as always but rated for nobody, so a last-minute run of attacks cannot buy a place.
 */
export const SEASON_FREEZE_MINUTES = 10;
/** A pilot enters the season's ladder with this many rated battles in the season. */
export const SEASON_LADDER_MIN_BATTLES = 3;
/** The places a season rewards with a badge; the first three also with a title (and coins when set). */
export const SEASON_BADGE_PLACES = 10;
export const SEASON_PRIZE_PLACES = 3;

export interface SeasonWindow {
  readonly startsAt: number;
  readonly frozenAt: number;
  readonly endsAt: number;
}

/** A season starting at `startsAtMs` and lasting `days`; a season shorter than the freeze is frozen from its start. */
export function seasonWindow(startsAtMs: number, days: number = PVP_SEASON_DAYS): SeasonWindow {
  const endsAt = startsAtMs + days * DAY_MS;
  return {
    startsAt: startsAtMs,
    frozenAt: Math.max(startsAtMs, endsAt - SEASON_FREEZE_MINUTES * 60_000),
    endsAt,
  };
}

/** A battle at `nowMs` moves ratings: the season is not in its freeze (which lasts until the season is closed). */
export const seasonRates = (frozenAtMs: number, nowMs: number): boolean => nowMs < frozenAtMs;

/** What the ladder orders a pilot by. */
export interface SeasonEntry {
  readonly username: string;
  readonly rating: number;
  /** Rated battles this season. */
  readonly battles: number;
  /** The pilot's last rated battle (ms): when it reached the rating it holds. */
  readonly lastRatedAt: number;
}

/**
 * The ladder's order: the rating as shown (floored) first, higher ahead; between equal shown ratings, the pilot
 * who needed fewer battles, then the one who got there first, then by name, so every reader sees one order.
 */
export function compareSeasonEntries(a: SeasonEntry, b: SeasonEntry): number {
  return (
    Math.floor(b.rating) - Math.floor(a.rating) ||
    a.battles - b.battles ||
    a.lastRatedAt - b.lastRatedAt ||
    (a.username < b.username ? -1 : a.username > b.username ? 1 : 0)
  );
}

/** The pilots on the ladder (enough rated battles), in order. */
export const seasonLadder = <T extends SeasonEntry>(entries: readonly T[]): T[] =>
  entries.filter((entry) => entry.battles >= SEASON_LADDER_MIN_BATTLES).sort(compareSeasonEntries);

export type SeasonTitle = "Champion" | "Runner-up" | "Third place";
const TITLES: readonly SeasonTitle[] = ["Champion", "Runner-up", "Third place"];

/** The reward of a final place (1-based): a badge for the top 10, a title for the podium; null past 10. */
export function seasonReward(place: number): { badge: string; title: SeasonTitle | null } | null {
  if (!Number.isInteger(place) || place < 1 || place > SEASON_BADGE_PLACES) return null;
  const title = TITLES[place - 1] ?? null;
  return { badge: title ?? "Top 10", title };
}

/** "Season 3 Champion": a title as the leaderboard, chat and profile show it. */
export const seasonTitleText = (season: number, title: SeasonTitle): string => `Season ${season} ${title}`;
