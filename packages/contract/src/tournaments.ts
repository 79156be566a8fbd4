// Tournaments (seed 001 sections 2-9): the /tournament screen's reads, join and ready-up, and the admin's
// Tournaments tab (create, list, start, stop, End Now, archive). Live hints come on `tournament:<id>` (this
// tournament changed) and `tournaments` (a tournament was created or changed status).
import {
  EVENT_FORMAT_NAMES,
  type EventFormatName,
  messages,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_PLAYERS_LIMIT,
  TOURNAMENT_REGISTRATION_MINUTES_MAX,
  TOURNAMENT_REPEAT_HOURS_MAX,
  TOURNAMENT_ROUND_SECONDS_MAX,
} from "@bot-arena/game";
import { z } from "./zod";

export const tournamentStatus = z.enum([
  "registration",
  "pending",
  "active",
  "completed",
  "cancelled",
  "archived",
]);
export type TournamentStatus = z.infer<typeof tournamentStatus>;

/** How the tournament is played (packages/game formats): the spec's bracket is single_elimination. */
export const tournamentFormat = z.enum(EVENT_FORMAT_NAMES as [EventFormatName, ...EventFormatName[]]);
export type TournamentFormat = z.infer<typeof tournamentFormat>;

export const entryFeeMode = z.enum(["player", "admin"]);
export type EntryFeeModeValue = z.infer<typeof entryFeeMode>;

const coins = z.number().int().nonnegative();
const isoTime = z.string();

export const tournamentRewards = z.object({ first: coins, second: coins, third: coins });
export type TournamentRewardsView = z.infer<typeof tournamentRewards>;

export const tournamentSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: tournamentStatus,
  format: tournamentFormat,
  /** Swiss only: the rounds the admin asked for (null: ceil(log2 players), at most players - 1). */
  swissRounds: z.number().int().nullable(),
  isReadyPhase: z.boolean(),
  bracketGenerated: z.boolean(),
  currentRound: z.number().int(),
  /**
   * Rounds of the event (0 before it is made). Double elimination's is the most it can take: its bracket reset
   * is played only when the losers' side wins the grand final.
   */
  totalRounds: z.number().int(),
  currentPlayers: z.number().int(),
  readyCount: z.number().int(),
  minPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  entryFeeMode,
  /** 150 in player mode, 0 in admin mode. */
  entryFee: coins,
  /** Player mode: 150 x players (the pool as it stands); admin mode: the sum of the three rewards. */
  prizePool: coins,
  /**
   * Player mode while registration runs: 150 x the ready players, the pool if registration ended now (the
   * unready are refunded at the start); `prizePool` is then the most it can reach. Otherwise equal to `prizePool`.
   */
  readyPrizePool: coins,
  /** What 1st, 2nd and 3rd win as things stand (player mode: the 60/20/10 split of the pool). */
  rewards: tournamentRewards,
  spectatorEnabled: z.boolean(),
  registrationMinutes: z.number().int(),
  roundSeconds: z.number().int(),
  repeatEveryHours: z.number().int().nullable(),
  registrationEndsAt: isoTime.nullable(),
  /** When the last round is expected to end (the active countdown). */
  battleEndsAt: isoTime.nullable(),
  /** When the next round starts (the current round's end) while one is still to come; null otherwise. */
  nextRoundStartsAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type TournamentSummary = z.infer<typeof tournamentSummary>;

export const tournamentParticipant = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  /** null once the bot is gone (recycled after the tournament). */
  botId: z.string().nullable(),
  botName: z.string(),
  botImageUrl: z.string().nullable(),
  botColorPrimary: z.string(),
  botColorSecondary: z.string(),
  botLevel: z.number().int(),
  /** strength + agility + defense + intelligence, shown as Power. */
  totalStrength: z.number().int(),
  isReady: z.boolean(),
  seed: z.number().int().nullable(),
  placement: z.number().int().nullable(),
  prizeWon: coins,
});
export type TournamentParticipant = z.infer<typeof tournamentParticipant>;

/**
 * Which part of the event a match belongs to: "main" for single elimination's bracket, round robin and Swiss;
 * "bronze" for the 3rd-place match; double elimination's "winners" and "losers" sides, "grand_final" and
 * "bracket_reset" (played only when the losers' side wins the grand final).
 */
export const matchSide = z.enum(["main", "bronze", "winners", "losers", "grand_final", "bracket_reset"]);
export type MatchSideValue = z.infer<typeof matchSide>;

export const tournamentMatch = z.object({
  id: z.string(),
  round: z.number().int(),
  matchNumber: z.number().int(),
  /**
   * FINAL, SEMI-FINALS, QUARTER-FINALS, ROUND n, or 3RD PLACE for the bronze match; WINNERS ROUND n, LOSERS
   * ROUND n, GRAND FINAL and BRACKET RESET in double elimination.
   */
  title: z.string(),
  thirdPlace: z.boolean(),
  side: matchSide,
  /** Whose bot strikes first (the format balances it over the event); null for a bye or a match not yet set. */
  firstStrikeId: z.string().nullable(),
  participant1Id: z.string().nullable(),
  participant2Id: z.string().nullable(),
  /** Set once the match is completed (the crown). */
  winnerId: z.string().nullable(),
  /** The winner's HP when its battle ended; set once the match is completed and was fought (null for a bye). */
  winnerHp: z.number().int().nullable(),
  status: z.enum(["pending", "in_progress", "completed"]),
  /** The stored battle (GET /api/battles/:id) once the match has been fought; null for byes. */
  battleId: z.string().nullable(),
  /** Whether the signed-in player may open the battle now (live needs the spectator flag or a seat in it). */
  canWatch: z.boolean(),
  startedAt: isoTime.nullable(),
});
export type TournamentMatch = z.infer<typeof tournamentMatch>;

/** One entrant's line in a round robin's or Swiss's table (and the final order of any format). */
export const tournamentStanding = z.object({
  participantId: z.string(),
  /** 1, 2, 3... with no shared places: the format's tie-breaks decide (Swiss: score, Buchholz, power). */
  place: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** Byes counted as wins (Swiss and round robin with an odd number of players give one a round). */
  byes: z.number().int(),
  /** Swiss only: the sum of the opponents' scores; null in other formats. */
  buchholz: z.number().int().nullable(),
});
export type TournamentStanding = z.infer<typeof tournamentStanding>;

export const tournamentDetail = z.object({
  tournament: tournamentSummary,
  /** Ordered by total strength, strongest first (the spec's read). */
  participants: z.array(tournamentParticipant),
  /** Ordered by round, then match number. */
  matches: z.array(tournamentMatch),
  /** Once the event has begun: every entrant in the format's order (empty before). */
  standings: z.array(tournamentStanding),
  /** The signed-in player's own entry, if any. */
  myParticipantId: z.string().nullable(),
  /** The server's clock, so countdowns do not drift with the device's. */
  serverTime: isoTime,
});
export type TournamentDetail = z.infer<typeof tournamentDetail>;

export const currentTournamentResponse = z.object({ tournament: tournamentDetail.nullable() });
export type CurrentTournamentResponse = z.infer<typeof currentTournamentResponse>;

export const pastTournament = z.object({
  id: z.string(),
  name: z.string(),
  status: tournamentStatus,
  entryFeeMode,
  players: z.number().int(),
  createdAt: isoTime,
  completedAt: isoTime.nullable(),
  champion: z.object({ username: z.string(), botName: z.string(), prizeWon: coins }).nullable(),
  /** How it ended, kept once archived (an archived tournament's status says only that). */
  ended: z.enum(["completed", "cancelled"]).nullable(),
});
export type PastTournament = z.infer<typeof pastTournament>;

export const pastTournamentsResponse = z.object({ tournaments: z.array(pastTournament) });
export type PastTournamentsResponse = z.infer<typeof pastTournamentsResponse>;

export const tournamentIdParams = z.object({ id: z.string() });

/** The spec's client sends its active bot; optional, and when sent it must be the player's active bot. */
export const joinTournamentBody = z.object({ botId: z.string().optional() });

export const joinTournamentResponse = z.object({
  message: z.string(),
  participantId: z.string(),
  /** The wallet after the fee (player mode), or unchanged. */
  newCoinBalance: z.number().int(),
});
export type JoinTournamentResponse = z.infer<typeof joinTournamentResponse>;

export const readyTournamentResponse = z.object({ message: z.string() });

// Admin ----------------------------------------------------------------------------------------------------------

/** Checked by the server (trimmed name first, so the spec's message comes before any other). */
export const createTournamentBody = z.object({
  name: z.string({ error: messages.tournamentNameRequired }).max(TOURNAMENT_NAME_MAX * 4),
  /** Ignored in player mode (stored as 0, as the spec sends them); admin mode defaults 1000/500/250. */
  rewards: z
    .object({
      first: z.union([z.number(), z.string()]).optional(),
      second: z.union([z.number(), z.string()]).optional(),
      third: z.union([z.number(), z.string()]).optional(),
    })
    .optional(),
  spectatorEnabled: z.boolean().default(true),
  entryFeeMode: entryFeeMode.default("admin"),
  minPlayers: z.number().int().optional(),
  maxPlayers: z.number().int().optional(),
  registrationMinutes: z
    .number()
    .int()
    .min(1, "Registration must last at least 1 minute")
    .max(TOURNAMENT_REGISTRATION_MINUTES_MAX, "Registration may last at most 7 days")
    .optional(),
  roundSeconds: z
    .number()
    .int()
    .min(1, "A round must last at least 1 second")
    .max(TOURNAMENT_ROUND_SECONDS_MAX, "A round may last at most 1 hour")
    .optional(),
  /** How it is played; single elimination (the spec's bracket) when absent. */
  format: tournamentFormat.default("single_elimination"),
  /** Swiss only: how many rounds (absent: ceil(log2 players)); refused for other formats. */
  swissRounds: z.number().int().min(1, "A Swiss plays at least 1 round").nullish(),
  /** Open a copy of this tournament every N hours (null or absent: once). */
  repeatEveryHours: z
    .number()
    .int()
    .min(1, "Repeat every 1 to 168 hours")
    .max(TOURNAMENT_REPEAT_HOURS_MAX, "Repeat every 1 to 168 hours")
    .nullish(),
});
export type CreateTournamentBody = z.input<typeof createTournamentBody>;

export const adminTournamentActions = z.object({
  start: z.boolean(),
  stop: z.boolean(),
  forceComplete: z.boolean(),
  archive: z.boolean(),
});

export const adminTournament = tournamentSummary.extend({
  /** Coins in the pool's ledger account right now. */
  poolBalance: coins,
  /** Which buttons the admin list offers (seed 001 section 4). */
  actions: adminTournamentActions,
  /** The event runner's failed steps in a row on this tournament (0: none; above 0 it is stuck and retrying). */
  attempts: z.number().int(),
  /** The last failed step's error, for the admin; null when the last step succeeded. */
  lastError: z.string().nullable(),
  /**
   * How it ended, kept once archived: "completed" (the podium paid) or "cancelled" (no bracket finished, every
   * entry fee refunded); null while it has not ended.
   */
  ended: z.enum(["completed", "cancelled"]).nullable(),
  /** The prizes the podium was paid (0 unless completed): the pool reads 0 once they are out. */
  prizesPaid: coins,
});
export type AdminTournament = z.infer<typeof adminTournament>;

/** What the create form fills in: the server's configured lengths, used when the admin leaves them blank. */
export const tournamentDefaults = z.object({
  registrationMinutes: z.number().int(),
  roundSeconds: z.number().int(),
});
export type TournamentDefaults = z.infer<typeof tournamentDefaults>;

export const adminTournamentsResponse = z.object({
  tournaments: z.array(adminTournament),
  defaults: tournamentDefaults,
});
export type AdminTournamentsResponse = z.infer<typeof adminTournamentsResponse>;

export const adminTournamentActionResponse = z.object({ message: z.string(), tournament: adminTournament });
export type AdminTournamentActionResponse = z.infer<typeof adminTournamentActionResponse>;

export const tournamentLimits = {
  playersMax: TOURNAMENT_PLAYERS_LIMIT,
  registrationMinutesMax: TOURNAMENT_REGISTRATION_MINUTES_MAX,
  roundSecondsMax: TOURNAMENT_ROUND_SECONDS_MAX,
  repeatHoursMax: TOURNAMENT_REPEAT_HOURS_MAX,
} as const;

const idParams = tournamentIdParams;

export const tournamentRoutes = {
  currentTournament: {
    method: "GET",
    path: "/api/tournaments/current",
    summary: "The newest pending or active tournament with its participants and bracket",
    auth: "player",
    response: currentTournamentResponse,
  },
  pastTournaments: {
    method: "GET",
    path: "/api/tournaments",
    summary: "Finished tournaments, newest first, with their champions",
    auth: "player",
    response: pastTournamentsResponse,
  },
  tournament: {
    method: "GET",
    path: "/api/tournaments/:id",
    summary: "One tournament with its participants and bracket",
    auth: "player",
    params: idParams,
    response: tournamentDetail,
  },
  joinTournament: {
    method: "POST",
    path: "/api/tournaments/:id/join",
    summary: "Join with the active bot (150 coins into the pool in player mode)",
    auth: "player",
    params: idParams,
    body: joinTournamentBody,
    response: joinTournamentResponse,
  },
  readyTournament: {
    method: "POST",
    path: "/api/tournaments/:id/ready",
    summary: "Ready up for the bracket",
    auth: "player",
    params: idParams,
    response: readyTournamentResponse,
  },
  adminTournaments: {
    method: "GET",
    path: "/api/admin/tournaments",
    summary: "Every tournament with the admin actions it offers, and the create form's configured defaults",
    auth: "admin",
    response: adminTournamentsResponse,
  },
  createTournament: {
    method: "POST",
    path: "/api/admin/tournaments",
    summary: "Create a tournament (pending, ready-up open until its registration ends)",
    auth: "admin",
    body: createTournamentBody,
    response: adminTournamentActionResponse,
  },
  startTournament: {
    method: "POST",
    path: "/api/admin/tournaments/:id/start",
    summary: "End registration now: bracket of the ready players, or cancel and refund when too few",
    auth: "admin",
    params: idParams,
    response: adminTournamentActionResponse,
  },
  stopTournament: {
    method: "POST",
    path: "/api/admin/tournaments/:id/stop",
    summary: "Cancel the tournament and refund every entry fee",
    auth: "admin",
    params: idParams,
    response: adminTournamentActionResponse,
  },
  forceCompleteTournament: {
    method: "POST",
    path: "/api/admin/tournaments/:id/force-complete",
    summary: "End Now: play every remaining match at once and pay the prizes",
    auth: "admin",
    params: idParams,
    response: adminTournamentActionResponse,
  },
  archiveTournament: {
    method: "POST",
    path: "/api/admin/tournaments/:id/archive",
    summary: "Hide a finished tournament from the lists",
    auth: "admin",
    params: idParams,
    response: adminTournamentActionResponse,
  },
} as const;
