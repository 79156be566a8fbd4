// What the /tournament page and the admin list read: a tournament with its counts, its entries (the snapshot
// once the bracket is made, the live bot before), its matches with titles and whether the viewer may watch.
import type {
  AdminTournament,
  PastTournament,
  TournamentDetail,
  TournamentMatch,
  TournamentParticipant,
  TournamentStanding,
  TournamentSummary,
} from "@bot-arena/contract";
import {
  adminTournamentActions,
  entryFee,
  eventMatchTitle,
  matchTitle,
  statTotal,
  tournamentPrizes,
} from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/database";
import type { FighterSnapshot } from "../battles/snapshot";
import { eventOf, eventStandings, showsWholeBracket } from "./event-rounds";
import { type MatchRow, matchesOf, type TournamentRow } from "./rows";

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export type Viewer = { id: string; isAdmin: boolean };

type Counts = { readyCount: number; totalRounds: number };

export function summaryOf(t: TournamentRow, counts: Counts): TournamentSummary {
  const configured = { first: t.firstPlaceReward, second: t.secondPlaceReward, third: t.thirdPlaceReward };
  const split = tournamentPrizes({ mode: t.entryFeeMode, players: t.currentPlayers, rewards: configured });
  const prizePool =
    t.entryFeeMode === "player" ? split.pool : configured.first + configured.second + configured.third;
  // Only the ready enter the bracket: while registration runs, their fees are the pool it would start with.
  const registering = t.status === "pending" || t.status === "registration";
  const readyPrizePool =
    t.entryFeeMode === "player" && registering
      ? tournamentPrizes({ mode: "player", players: counts.readyCount }).pool
      : prizePool;
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    format: t.format,
    swissRounds: t.swissRounds,
    isReadyPhase: t.isReadyPhase,
    bracketGenerated: t.bracketGenerated,
    currentRound: t.currentRound,
    totalRounds: counts.totalRounds,
    currentPlayers: t.currentPlayers,
    readyCount: counts.readyCount,
    minPlayers: t.minPlayers,
    maxPlayers: t.maxPlayers,
    entryFeeMode: t.entryFeeMode,
    entryFee: entryFee(t.entryFeeMode),
    prizePool,
    readyPrizePool,
    // Admin mode shows the rewards as set; player mode what the pool pays as it stands.
    rewards:
      t.entryFeeMode === "player"
        ? { first: split.first, second: split.second, third: split.third }
        : configured,
    spectatorEnabled: t.spectatorEnabled,
    registrationMinutes: t.registrationMinutes,
    roundSeconds: t.roundSeconds,
    repeatEveryHours: t.repeatEveryHours,
    registrationEndsAt: iso(t.registrationEndsAt),
    battleEndsAt: iso(t.battleEndsAt),
    // The round's deadline is the next round's start, unless the round playing is the last.
    nextRoundStartsAt: t.status === "active" && t.currentRound < counts.totalRounds ? iso(t.nextDueAt) : null,
    completedAt: iso(t.completedAt),
    createdAt: iso(t.createdAt)!,
  };
}

/** Ready counts and bracket sizes for many tournaments in one query. */
async function countsOf(db: Db, ids: readonly string[]): Promise<Map<string, Counts>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; ready: number; rounds: number }>(
    await db.execute(sql`
      select t.id,
        (select count(*)::int from tournament_participants p where p.tournament_id = t.id and p.is_ready) as ready,
        t.planned_rounds as rounds
      from tournaments t where t.id in (${list})`),
  );
  return new Map(rows.map((r) => [r.id, { readyCount: Number(r.ready), totalRounds: Number(r.rounds) }]));
}

export async function summariesOf(db: Db, rows: readonly TournamentRow[]): Promise<TournamentSummary[]> {
  const counts = await countsOf(
    db,
    rows.map((t) => t.id),
  );
  return rows.map((t) => summaryOf(t, counts.get(t.id) ?? { readyCount: 0, totalRounds: 0 }));
}

/** The prizes each tournament paid, and whether anyone was placed (only a completed event places). */
async function outcomesOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { paid: number; placed: boolean }>();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; paid: number; placed: boolean }>(
    await db.execute(sql`
      select tournament_id as id, coalesce(sum(prize_won), 0)::bigint as paid,
        bool_or(placement is not null) as placed
      from tournament_participants where tournament_id in (${list}) group by tournament_id`),
  );
  return new Map(rows.map((r) => [r.id, { paid: Number(r.paid), placed: r.placed }]));
}

/** How a tournament ended; an archived one keeps it (a completed event placed its entrants, a cancelled none). */
export function endedOf(status: TournamentRow["status"], placed: boolean): AdminTournament["ended"] {
  if (status === "completed" || status === "cancelled") return status;
  if (status === "archived") return placed ? "completed" : "cancelled";
  return null;
}

export async function adminViewsOf(db: Db, rows: readonly TournamentRow[]): Promise<AdminTournament[]> {
  const summaries = await summariesOf(db, rows);
  const outcomes = await outcomesOf(
    db,
    rows.map((t) => t.id),
  );
  return summaries.map((summary, i) => {
    const outcome = outcomes.get(summary.id) ?? { paid: 0, placed: false };
    return {
      ...summary,
      poolBalance: rows[i]!.poolBalance,
      actions: adminTournamentActions(summary.status),
      attempts: rows[i]!.attempts,
      lastError: rows[i]!.lastError,
      ended: endedOf(summary.status, outcome.placed),
      prizesPaid: outcome.paid,
    };
  });
}

type EntryRow = {
  id: string;
  userId: string;
  username: string;
  botId: string | null;
  isReady: boolean;
  seed: number | null;
  placement: number | null;
  prizeWon: number;
  snapshot: FighterSnapshot | null;
  botName: string | null;
  botImageUrl: string | null;
  colorPrimary: string | null;
  colorSecondary: string | null;
  botLevel: number | null;
  /** The bot's stats now (null once it is gone): its power before the event snapshots it. */
  strength: number | null;
  agility: number | null;
  defense: number | null;
  intelligence: number | null;
  storedStrength: number;
};

/** Power from the game's one rule: the snapshot's once the event has begun, the live bot's before. */
function powerOf(r: EntryRow): number {
  if (r.snapshot || r.strength === null) return Number(r.storedStrength);
  return statTotal({
    strength: r.strength,
    agility: r.agility ?? 0,
    defense: r.defense ?? 0,
    intelligence: r.intelligence ?? 0,
  });
}

async function participantViews(db: Db, tournamentId: string): Promise<TournamentParticipant[]> {
  const rows = rowsOf<EntryRow>(
    await db.execute(sql`
      select p.id, p.user_id as "userId", pr.username, p.bot_id as "botId", p.is_ready as "isReady", p.seed,
        p.placement, p.prize_won as "prizeWon", p.snapshot, b.name as "botName", b.image_url as "botImageUrl",
        b.color_primary as "colorPrimary", b.color_secondary as "colorSecondary", b.level as "botLevel",
        b.strength, b.agility, b.defense, b.intelligence,
        p.total_strength as "storedStrength"
      from tournament_participants p
      join profiles pr on pr.id = p.user_id
      left join bots b on b.id = p.bot_id
      where p.tournament_id = ${tournamentId}::uuid`),
  );
  const views = rows.map((r): TournamentParticipant => {
    const snap = r.snapshot;
    return {
      id: r.id,
      userId: r.userId,
      username: r.username,
      botId: r.botId,
      botName: snap?.name ?? r.botName ?? "Retired bot",
      botImageUrl: snap ? snap.imageUrl : r.botImageUrl,
      botColorPrimary: snap?.colorPrimary ?? r.colorPrimary ?? "#22e5ff",
      botColorSecondary: snap?.colorSecondary ?? r.colorSecondary ?? "#ff2bd6",
      botLevel: snap?.level ?? r.botLevel ?? 1,
      totalStrength: powerOf(r),
      isReady: r.isReady,
      seed: r.seed,
      placement: r.placement,
      prizeWon: Number(r.prizeWon),
    };
  });
  // The spec's read: by total strength, strongest first (then seed, then id, so the order is stable).
  return views.sort(
    (a, b) =>
      b.totalStrength - a.totalStrength ||
      (a.seed ?? 0) - (b.seed ?? 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * A match's battle may be opened once fought: a replay when completed; while live, by anyone when the
 * spectator flag is on, otherwise by the two players in it and admins.
 */
export function canWatchMatch(
  match: Pick<MatchRow, "battleId" | "status">,
  tournament: Pick<TournamentRow, "spectatorEnabled">,
  viewer: Viewer,
  seatUserIds: readonly (string | undefined)[],
): boolean {
  if (match.battleId === null) return false;
  if (match.status === "completed" || tournament.spectatorEnabled || viewer.isAdmin) return true;
  return seatUserIds.includes(viewer.id);
}

function matchViews(
  rows: readonly MatchRow[],
  t: TournamentRow,
  viewer: Viewer,
  ownerOf: Map<string, string>,
): TournamentMatch[] {
  const titleOf = matchTitlesOf(rows, t);
  return rows.map((m) => ({
    id: m.id,
    round: m.round,
    matchNumber: m.matchNumber,
    title: titleOf(m),
    thirdPlace: m.thirdPlace,
    side: m.side,
    firstStrikeId: m.firstStrikeId,
    participant1Id: m.participant1Id,
    participant2Id: m.participant2Id,
    winnerId: m.status === "completed" ? m.winnerId : null,
    winnerHp: m.status === "completed" ? m.winnerHp : null,
    status: m.status,
    battleId: m.battleId,
    canWatch: canWatchMatch(m, t, viewer, [
      m.participant1Id ? ownerOf.get(m.participant1Id) : undefined,
      m.participant2Id ? ownerOf.get(m.participant2Id) : undefined,
    ]),
    startedAt: iso(m.startedAt),
  }));
}

/** Each match's title as the bracket shows it. */
export const matchTitlesOf = (
  rows: readonly MatchRow[],
  t: Pick<TournamentRow, "format">,
): ((m: MatchRow) => string) => (showsWholeBracket(t) ? bracketTitles(rows) : eventTitles(rows));

/** The spec's titles: FINAL, SEMI-FINALS... counted back from the bracket's last round. */
function bracketTitles(rows: readonly MatchRow[]): (m: MatchRow) => string {
  const totalRounds = rows.reduce((max, m) => Math.max(max, m.round), 0);
  return (m) => matchTitle(m, totalRounds);
}

/** A generic format's titles: each side counts its own rounds (WINNERS ROUND 2 may be the event's round 3). */
function eventTitles(rows: readonly MatchRow[]): (m: MatchRow) => string {
  const roundsBySide = new Map<string, number[]>();
  for (const m of rows) {
    const rounds = roundsBySide.get(m.side) ?? [];
    if (!rounds.includes(m.round)) rounds.push(m.round);
    roundsBySide.set(m.side, rounds);
  }
  for (const rounds of roundsBySide.values()) rounds.sort((a, b) => a - b);
  return (m) => eventMatchTitle(m, roundsBySide.get(m.side)!.indexOf(m.round) + 1);
}

/** Wins, losses and byes of each entrant from the stored matches. */
export function recordsOf(rows: readonly MatchRow[]) {
  const records = new Map<string, { wins: number; losses: number; byes: number }>();
  const of = (id: string) => {
    const record = records.get(id) ?? { wins: 0, losses: 0, byes: 0 };
    records.set(id, record);
    return record;
  };
  for (const m of rows) {
    if (m.status !== "completed" || m.participant1Id === null) continue;
    if (m.participant2Id === null) {
      of(m.participant1Id).byes += 1;
      continue;
    }
    for (const id of [m.participant1Id, m.participant2Id]) {
      if (m.winnerId === id) of(id).wins += 1;
      else of(id).losses += 1;
    }
  }
  return (id: string) => records.get(id) ?? { wins: 0, losses: 0, byes: 0 };
}

/**
 * The table of a format that grows round by round (the format's order, once it has begun), and the whole
 * bracket's final places (single elimination) once it is over.
 */
async function standingsOf(
  db: Db,
  t: TournamentRow,
  rows: readonly MatchRow[],
  participants: readonly TournamentParticipant[],
): Promise<TournamentStanding[]> {
  const record = recordsOf(rows);
  if (showsWholeBracket(t)) {
    return participants
      .filter((p) => p.placement !== null)
      .sort((a, b) => a.placement! - b.placement!)
      .map((p) => ({ participantId: p.id, place: p.placement!, ...record(p.id), buchholz: null }));
  }
  if (rows.length === 0) return [];
  return eventStandings(await eventOf(db, t)).map((s) => ({
    participantId: s.id,
    place: s.place,
    ...record(s.id),
    buchholz: t.format === "swiss" ? (s.tieBreaks.find((b) => b.name === "buchholz")?.value ?? 0) : null,
  }));
}

export async function detailOf(
  db: Db,
  t: TournamentRow,
  viewer: Viewer,
  now: Date,
): Promise<TournamentDetail> {
  const [participants, matchRows, [summary]] = [
    await participantViews(db, t.id),
    await matchesOf(db, t.id),
    await summariesOf(db, [t]),
  ];
  const ownerOf = new Map(participants.map((p) => [p.id, p.userId]));
  return {
    tournament: summary!,
    participants,
    matches: matchViews(matchRows, t, viewer, ownerOf),
    standings: await standingsOf(db, t, matchRows, participants),
    myParticipantId: participants.find((p) => p.userId === viewer.id)?.id ?? null,
    serverTime: now.toISOString(),
  };
}

export function pastOf(
  t: TournamentRow,
  champion: { username: string; botName: string; prizeWon: number } | null,
): PastTournament {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    entryFeeMode: t.entryFeeMode,
    players: t.currentPlayers,
    createdAt: iso(t.createdAt)!,
    completedAt: iso(t.completedAt),
    champion,
    // A completed event crowned its champion; a cancelled one placed nobody.
    ended: endedOf(t.status, champion !== null),
  };
}
