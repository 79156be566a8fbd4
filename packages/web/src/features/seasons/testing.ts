// Season answers for component tests: a running season and a closed one, changed where a test says.
import type { AnswerOf } from "../../app/test-render";

export const aSeason = (overrides: Partial<AnswerOf<"pvpSeason">> = {}): AnswerOf<"pvpSeason"> => ({
  number: 3,
  startsAt: "2030-01-15T12:00:00.000Z",
  frozenAt: "2030-02-12T11:50:00.000Z",
  endsAt: "2030-02-12T12:00:00.000Z",
  // 3 days, 2 hours and a half before the end.
  serverTime: "2030-02-09T09:30:00.000Z",
  frozen: false,
  minBattles: 3,
  prizes: { first: 0, second: 0, third: 0 },
  ladder: [
    { place: 1, username: "vex", rating: 1912, battles: 14, isYou: false },
    { place: 2, username: "kai", rating: 1840, battles: 9, isYou: true },
  ],
  you: null,
  past: [],
  ...overrides,
});

export const aPastSeason = (
  overrides: Partial<AnswerOf<"pvpPastSeason">> = {},
): AnswerOf<"pvpPastSeason"> => ({
  number: 2,
  startsAt: "2029-12-18T12:00:00.000Z",
  endsAt: "2030-01-15T12:00:00.000Z",
  closedAt: "2030-01-15T12:00:00.000Z",
  standings: [
    {
      place: 1,
      username: "vex",
      rating: 2010,
      battles: 40,
      isYou: false,
      badge: "Champion",
      title: "Season 2 Champion",
      coins: 500,
    },
    {
      place: 4,
      username: "rue",
      rating: 1700,
      battles: 12,
      isYou: false,
      badge: "Top 10",
      title: null,
      coins: 0,
    },
  ],
  you: {
    place: 140,
    username: "kai",
    rating: 1320,
    battles: 3,
    isYou: true,
    badge: null,
    title: null,
    coins: 0,
  },
  ...overrides,
});
