// Tournaments as the server answers them, for the component tests: players, matches (a bye is a match with no
// second player, completed, won by the first) and the whole detail of a tournament of any format.
import type {
  TournamentDetail,
  TournamentMatch,
  TournamentParticipant,
  TournamentStanding,
  TournamentSummary,
} from "@bot-arena/contract";

export const participantId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Player n: pilot_n with the bot 'Unit n', power 100 - n (player 1 the strongest). */
export function aParticipant(
  n: number,
  overrides: Partial<TournamentParticipant> = {},
): TournamentParticipant {
  return {
    id: participantId(n),
    userId: `user-${n}`,
    username: `pilot_${n}`,
    botId: `bot-${n}`,
    botName: `Unit ${n}`,
    botImageUrl: null,
    botColorPrimary: "#00f0ff",
    botColorSecondary: "#0066ff",
    botLevel: 3,
    totalStrength: 100 - n,
    isReady: true,
    seed: n,
    placement: null,
    prizeWon: 0,
    ...overrides,
  };
}

let matchCount = 0;

/** A match between players a and b (b null: a bye, completed and won by a), completed with `winner` if given. */
export function aMatch(
  fields: Partial<TournamentMatch> & { round: number; a: number; b: number | null; winner?: number },
): TournamentMatch {
  matchCount += 1;
  const { a, b, winner, ...rest } = fields;
  const bye = b === null;
  const decided = bye ? a : winner;
  return {
    id: `match-${matchCount}`,
    matchNumber: matchCount,
    title: `ROUND ${fields.round}`,
    thirdPlace: false,
    side: "main",
    firstStrikeId: bye ? null : participantId(a),
    participant1Id: participantId(a),
    participant2Id: b === null ? null : participantId(b),
    winnerId: decided === undefined ? null : participantId(decided),
    winnerHp: decided === undefined || bye ? null : 40 + fields.round,
    status: decided === undefined ? "in_progress" : "completed",
    battleId: bye || decided === undefined ? null : `battle-${matchCount}`,
    canWatch: !bye,
    startedAt: null,
    ...rest,
  };
}

export function aStanding(
  n: number,
  place: number,
  fields: Partial<TournamentStanding> = {},
): TournamentStanding {
  return { participantId: participantId(n), place, wins: 0, losses: 0, byes: 0, buchholz: null, ...fields };
}

export function aTournament(overrides: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id: "tournament-1",
    name: "Neon Cup",
    status: "active",
    format: "single_elimination",
    swissRounds: null,
    isReadyPhase: false,
    bracketGenerated: true,
    currentRound: 1,
    totalRounds: 2,
    currentPlayers: 4,
    readyCount: 4,
    minPlayers: 2,
    maxPlayers: 16,
    entryFeeMode: "admin",
    entryFee: 0,
    prizePool: 1750,
    readyPrizePool: 1750,
    rewards: { first: 1000, second: 500, third: 250 },
    spectatorEnabled: true,
    registrationMinutes: 10,
    roundSeconds: 45,
    repeatEveryHours: null,
    registrationEndsAt: null,
    battleEndsAt: "2030-01-01T13:00:00.000Z",
    nextRoundStartsAt: "2030-01-01T12:30:20.000Z",
    completedAt: null,
    createdAt: "2030-01-01T12:00:00.000Z",
    ...overrides,
  };
}

export function aDetail(fields: {
  tournament: Partial<TournamentSummary>;
  players: number;
  matches: TournamentMatch[];
  standings?: TournamentStanding[];
  me?: number;
  participants?: TournamentParticipant[];
}): TournamentDetail {
  return {
    tournament: aTournament({
      currentPlayers: fields.players,
      readyCount: fields.players,
      ...fields.tournament,
    }),
    participants:
      fields.participants ?? Array.from({ length: fields.players }, (_, i) => aParticipant(i + 1)),
    matches: fields.matches,
    standings: fields.standings ?? [],
    myParticipantId: fields.me === undefined ? null : participantId(fields.me),
    serverTime: "2030-01-01T12:30:00.000Z",
  };
}
