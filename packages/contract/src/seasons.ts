// PvP seasons: the running season's ladder (its end, the top and the viewer's place), a past season's frozen
// standings, and the admin's coins for the next close's podium.
import { z } from "./zod";

/** The most coins the admin may set for one place (the house creates them). */
export const SEASON_PRIZE_MAX = 1_000_000;
/** Places a season page lists. */
export const SEASON_LADDER_SIZE = 100;

export const seasonMessages = {
  notFound: "No such season: it has not ended yet, or never was",
  prizeInvalid: `Each prize must be a whole number of coins from 0 to ${SEASON_PRIZE_MAX}`,
  prizesSet: (season: number) => `Prizes set for the close of season ${season}`,
} as const;

export const seasonStanding = z.object({
  place: z.number().int(),
  username: z.string(),
  /** Whole points, floored as shown. */
  rating: z.number().int(),
  /** Rated battles in the season. */
  battles: z.number().int(),
  /** The viewer's own row. */
  isYou: z.boolean(),
});
export type SeasonStanding = z.infer<typeof seasonStanding>;

export const closedStanding = seasonStanding.extend({
  /** 'Champion', 'Runner-up', 'Third place' or 'Top 10'; null past 10th. */
  badge: z.string().nullable(),
  title: z.string().nullable(),
  coins: z.number().int(),
});
export type ClosedStanding = z.infer<typeof closedStanding>;

const prizes = z.object({ first: z.number().int(), second: z.number().int(), third: z.number().int() });

export const currentSeason = z.object({
  number: z.number().int(),
  startsAt: z.string(),
  /** From then until the close, battles are fought and paid but move no rating. */
  frozenAt: z.string(),
  endsAt: z.string(),
  /** The server's time of the answer, for the countdown. */
  serverTime: z.string(),
  frozen: z.boolean(),
  /** Rated battles a pilot needs this season to be on the ladder. */
  minBattles: z.number().int(),
  prizes,
  /** The first 100 places. */
  ladder: z.array(seasonStanding),
  /** The viewer's row when it is not in the first 100 (null when it is, or not on the ladder). */
  you: seasonStanding.nullable(),
  /** Closed seasons, newest first. */
  past: z.array(z.object({ number: z.number().int(), endsAt: z.string(), champion: z.string().nullable() })),
});
export type CurrentSeason = z.infer<typeof currentSeason>;

export const pastSeason = z.object({
  number: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  closedAt: z.string(),
  standings: z.array(closedStanding),
  you: closedStanding.nullable(),
});
export type PastSeason = z.infer<typeof pastSeason>;

/** Any text: a season number that is none is a season that never was (404), as an unknown id is elsewhere. */
export const seasonParams = z.object({ number: z.string() });

const prize = z
  .number({ error: seasonMessages.prizeInvalid })
  .int(seasonMessages.prizeInvalid)
  .min(0, seasonMessages.prizeInvalid)
  .max(SEASON_PRIZE_MAX, seasonMessages.prizeInvalid);

export const seasonPrizesBody = z.object({ first: prize, second: prize, third: prize });
export type SeasonPrizesBody = z.infer<typeof seasonPrizesBody>;

export const seasonPrizesResponse = z.object({ message: z.string(), number: z.number().int(), prizes });

/** A pilot's season rewards, as the profile shows them. */
export const seasonBadge = z.object({ season: z.number().int(), place: z.number().int(), badge: z.string() });

export const seasonRoutes = {
  pvpSeason: {
    method: "GET",
    path: "/api/pvp/season",
    summary:
      "The running PvP season: its end, the first 100 on its ladder and the viewer's place, past seasons",
    auth: "player",
    response: currentSeason,
  },
  pvpPastSeason: {
    method: "GET",
    path: "/api/pvp/seasons/:number",
    summary:
      "A closed PvP season's frozen standings (the first 100 and the viewer's), with badges and prizes",
    auth: "player",
    params: seasonParams,
    response: pastSeason,
  },
  adminSeasonPrizes: {
    method: "PUT",
    path: "/api/admin/pvp/season/prizes",
    summary: "Set the coins the running season's close pays its first three (admin; created by the house)",
    auth: "admin",
    body: seasonPrizesBody,
    response: seasonPrizesResponse,
  },
} as const;
