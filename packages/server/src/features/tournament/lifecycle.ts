// The tournament's life after creation, as steps on a row the caller holds FOR UPDATE (the reconciler's claim
// or an admin action's lock). Each step checks the status it expects and ends by writing the next status and
// deadline, so a step repeated by a second process or after a crash finds nothing to do.
//
//   pending --registration end / Start--> active (bracket of the ready players, round 1 live)
//           \--too few ready------------> cancelled (every fee back)
//   active  --round window ends---------> next round live ... --> completed (podium paid, pool swept)
//   pending/active --Stop---------------> cancelled (every fee back)
//   pending/active --End Now------------> completed at once (or cancelled when too few are ready)
//
// Lock order: the tournament row first (the reconciler claims it), then players' wallets in user id order.
// A join takes a wallet and then this row, but only for a player who is not yet in this tournament, so the two
// orders never wait on each other.
import {
  type Bracket,
  createBracket,
  entryFee,
  finalRanking,
  isBracketComplete,
  ParticipantId,
  playableInRound,
  prizeForPlace,
  recordWinner,
  startMatch,
  statTotal,
  TOURNAMENT_MIN_PLAYERS,
  tournamentPrizes,
} from "@bot-arena/game";
import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/database";
import { tournamentMatches, tournamentParticipants, tournaments } from "../../platform/db/schema";
import type { BotId, UserId } from "../../platform/ids";
import { snapshotBots } from "../battles/entrants";
import { type BattleRecord, fight, newBattleId, newBattleSeed, recordBattles } from "../battles/record";
import type { FighterSnapshot } from "../battles/snapshot";
import { publishTournamentChange } from "./live";
import { payPrizes, refundFees, sweepPoolToHouse } from "./money";
import { loadBracket, participantsOf, type TournamentRow } from "./rows";

const after = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

export type StepOutcome = "started" | "cancelled" | "next_round" | "completed" | "nothing";

/** Stop: every entrant gets their fee back, the bracket (if any) stops where it is. */
export async function cancelTournament(
  tx: Tx,
  t: TournamentRow,
  now: Date,
  options: { endSeries: boolean },
): Promise<StepOutcome> {
  const [moved] = await tx
    .update(tournaments)
    .set({
      status: "cancelled",
      isReadyPhase: false,
      nextDueAt: null,
      completedAt: now,
      prizePool: 0,
      ...(options.endSeries ? { repeatDueAt: null } : {}),
    })
    .where(and(eq(tournaments.id, t.id), inArray(tournaments.status, ["registration", "pending", "active"])))
    .returning({ id: tournaments.id });
  if (!moved) return "nothing";
  const entrants = await participantsOf(tx, t.id);
  await refundFees(tx, {
    tournamentId: t.id,
    fee: entryFee(t.entryFeeMode),
    userIds: entrants.map((p) => p.userId),
  });
  // Nothing else should be there; if something is, the house takes it rather than the pool keeping it.
  await sweepPoolToHouse(tx, t.id);
  await publishTournamentChange(tx, t.id, "cancelled");
  return "cancelled";
}

/** The ready players' bots as they enter the bracket, keyed by participant id. */
async function snapshotEntrants(
  tx: Tx,
  entrants: readonly { id: string; userId: UserId; botId: BotId | null }[],
): Promise<Map<string, FighterSnapshot>> {
  const byBot = await snapshotBots(
    tx,
    entrants.flatMap((p) => (p.botId === null ? [] : [p.botId])),
  );
  const snapshots = new Map<string, FighterSnapshot>();
  for (const entrant of entrants) {
    const snapshot = entrant.botId === null ? undefined : byBot.get(entrant.botId);
    // Entered bots cannot be recycled, listed or fused, so the bot is there and still the player's.
    if (!snapshot || snapshot.userId !== entrant.userId) throw new Error(`entry ${entrant.id} lost its bot`);
    snapshots.set(entrant.id, snapshot);
  }
  return snapshots;
}

/**
 * Registration ends (deadline or Start): the ready players make the bracket, the unready get their fees back
 * and leave; with fewer ready players than the minimum the tournament is cancelled and everyone refunded.
 */
export async function closeRegistration(tx: Tx, t: TournamentRow, now: Date): Promise<StepOutcome> {
  if (t.status !== "pending" && t.status !== "registration") return "nothing";
  const entrants = await participantsOf(tx, t.id);
  const ready = entrants.filter((p) => p.isReady);
  if (ready.length < Math.max(t.minPlayers, TOURNAMENT_MIN_PLAYERS)) {
    return cancelTournament(tx, t, now, { endSeries: false });
  }
  const players = ready.length;
  // The step's claim: registration to active, its row count checked before any fee moves.
  const [moved] = await tx
    .update(tournaments)
    .set({
      status: "active",
      isReadyPhase: false,
      bracketGenerated: true,
      currentPlayers: players,
      prizePool: tournamentPrizes({ mode: t.entryFeeMode, players, rewards: rewardsOf(t) }).pool,
      registrationEndsAt: t.registrationEndsAt && t.registrationEndsAt < now ? t.registrationEndsAt : now,
    })
    .where(and(eq(tournaments.id, t.id), inArray(tournaments.status, ["registration", "pending"])))
    .returning({ id: tournaments.id });
  if (!moved) return "nothing";
  const unready = entrants.filter((p) => !p.isReady);
  if (unready.length > 0) {
    await refundFees(tx, {
      tournamentId: t.id,
      fee: entryFee(t.entryFeeMode),
      userIds: unready.map((p) => p.userId),
    });
    await tx.delete(tournamentParticipants).where(
      inArray(
        tournamentParticipants.id,
        unready.map((p) => p.id),
      ),
    );
  }

  const snapshots = await snapshotEntrants(tx, ready);
  const bracket = createBracket(
    ready.map((p) => ({
      id: ParticipantId(p.id),
      totalStrength: statTotal(snapshots.get(p.id)!.stats),
    })),
  );
  const seedOf = new Map(bracket.seeds.map((id, i) => [id as string, i + 1]));
  const entries = sql.join(
    ready.map((p) => {
      const snapshot = snapshots.get(p.id)!;
      return sql`(${p.id}::uuid, ${seedOf.get(p.id)!}::int, ${JSON.stringify(snapshot)}::jsonb,
        ${statTotal(snapshot.stats)}::int)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    update tournament_participants p set seed = v.seed, snapshot = v.snapshot, total_strength = v.strength
    from (values ${entries}) as v(id, seed, snapshot, strength) where p.id = v.id`);
  await tx.insert(tournamentMatches).values(
    bracket.matches.map((m) => ({
      tournamentId: t.id,
      round: m.round,
      matchNumber: m.matchNumber,
      participant1Id: m.participant1Id,
      participant2Id: m.participant2Id,
      winnerId: m.winnerId,
      status: m.status,
      thirdPlace: m.thirdPlace,
    })),
  );
  await startRound(tx, { ...t, status: "active", currentRound: 0 }, bracket, 1, now);
  await publishTournamentChange(tx, t.id, "started");
  return "started";
}

const rewardsOf = (t: TournamentRow) => ({
  first: t.firstPlaceReward,
  second: t.secondPlaceReward,
  third: t.thirdPlaceReward,
});

/** Fights every match of `round` that has two sides, stores the battles, and puts them live for the window. */
async function startRound(
  tx: Tx,
  t: TournamentRow,
  bracket: Bracket,
  round: number,
  now: Date,
): Promise<Bracket> {
  const roundsLeft = bracket.rounds - round + 1;
  // The round's claim: the row must still be active at the round before, or the whole step rolls back (the
  // matches decided above with it) rather than fight a round twice.
  const [moved] = await tx
    .update(tournaments)
    .set({
      currentRound: round,
      nextDueAt: after(now, t.roundSeconds),
      battleEndsAt: after(now, roundsLeft * t.roundSeconds),
    })
    .where(
      and(
        eq(tournaments.id, t.id),
        eq(tournaments.status, "active"),
        eq(tournaments.currentRound, round - 1),
      ),
    )
    .returning({ id: tournaments.id });
  if (!moved) throw new Error(`tournament ${t.id} moved under its step to round ${round}`);
  const playable = playableInRound(bracket, round).filter((m) => m.status === "pending");
  const snapshots = new Map(
    (
      await tx
        .select({ id: tournamentParticipants.id, snapshot: tournamentParticipants.snapshot })
        .from(tournamentParticipants)
        .where(eq(tournamentParticipants.tournamentId, t.id))
    ).map((p) => [p.id, p.snapshot as FighterSnapshot]),
  );
  const records: BattleRecord[] = [];
  const started: { matchNumber: number; battleId: string }[] = [];
  let next = bracket;
  for (const match of playable) {
    const attacker = snapshots.get(match.participant1Id!)!;
    const defender = snapshots.get(match.participant2Id!)!;
    const seed = newBattleSeed();
    const id = newBattleId();
    records.push({
      id,
      kind: "tournament",
      seed,
      attacker,
      defender,
      result: fight(attacker, defender, seed),
      xpGained: 0,
      coinsMoved: 0,
      createdAt: now,
    });
    started.push({ matchNumber: match.matchNumber, battleId: id });
    next = startMatch(next, match.matchNumber);
  }
  await recordBattles(tx, records);
  if (started.length > 0) {
    // One statement for the whole round: each match gets its battle and goes live.
    const values = sql.join(
      started.map((s) => sql`(${s.matchNumber}::int, ${s.battleId}::uuid)`),
      sql`, `,
    );
    await tx.execute(sql`
      update tournament_matches m set status = 'in_progress', battle_id = v.battle_id, started_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(match_number, battle_id)
      where m.tournament_id = ${t.id}::uuid and m.match_number = v.match_number and m.status = 'pending'`);
  }
  return next;
}

/** Writes every match whose sides, winner or status the rulebook changed, in one statement. */
async function saveBracketChanges(
  tx: Tx,
  tournamentId: string,
  before: Bracket,
  after: Bracket,
): Promise<void> {
  const changed = after.matches.filter((match) => {
    const old = before.matches[match.matchNumber - 1];
    return (
      !old ||
      old.participant1Id !== match.participant1Id ||
      old.participant2Id !== match.participant2Id ||
      old.winnerId !== match.winnerId ||
      old.status !== match.status
    );
  });
  if (changed.length === 0) return;
  const values = sql.join(
    changed.map(
      (m) =>
        sql`(${m.matchNumber}::int, ${m.participant1Id}::uuid, ${m.participant2Id}::uuid, ${m.winnerId}::uuid,
          ${m.status}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update tournament_matches m set participant1_id = v.p1, participant2_id = v.p2, winner_id = v.winner,
      status = v.status
    from (values ${values}) as v(match_number, p1, p2, winner, status)
    where m.tournament_id = ${tournamentId}::uuid and m.match_number = v.match_number`);
}

/** The live matches' stored battles decide them; winners move on in the bracket. */
async function completeLiveMatches(tx: Tx, t: TournamentRow, bracket: Bracket): Promise<Bracket> {
  const live = rowsOf<{ matchNumber: number; p1: string; p2: string; winner: "attacker" | "defender" }>(
    await tx.execute(sql`
      select m.match_number as "matchNumber", m.participant1_id as p1, m.participant2_id as p2, b.winner
      from tournament_matches m join battles b on b.id = m.battle_id
      where m.tournament_id = ${t.id}::uuid and m.status = 'in_progress'
      order by m.match_number`),
  );
  let next = bracket;
  for (const match of live) {
    next = recordWinner(
      next,
      match.matchNumber,
      ParticipantId(match.winner === "attacker" ? match.p1 : match.p2),
    );
  }
  await saveBracketChanges(tx, t.id, bracket, next);
  return next;
}

/** The podium is paid and everyone placed; the pool's remainder goes to the house. */
async function completeTournament(
  tx: Tx,
  t: TournamentRow,
  bracket: Bracket,
  now: Date,
): Promise<StepOutcome> {
  const [moved] = await tx
    .update(tournaments)
    .set({
      status: "completed",
      nextDueAt: null,
      completedAt: now,
      battleEndsAt: now,
      currentRound: bracket.rounds,
    })
    .where(and(eq(tournaments.id, t.id), eq(tournaments.status, "active")))
    .returning({ id: tournaments.id });
  if (!moved) return "nothing";
  const ranking = finalRanking(bracket);
  const prizes = tournamentPrizes({
    mode: t.entryFeeMode,
    players: bracket.seeds.length,
    rewards: rewardsOf(t),
  });
  const entrants = new Map((await participantsOf(tx, t.id)).map((p) => [p.id, p]));
  const paid: { userId: UserId; amount: number }[] = [];
  for (const placement of ranking) {
    const prize = prizeForPlace(prizes, placement.place);
    const entrant = entrants.get(placement.participantId);
    if (entrant && prize > 0) paid.push({ userId: entrant.userId, amount: prize });
  }
  const places = sql.join(
    ranking.map(
      (r) => sql`(${r.participantId}::uuid, ${r.place}::int, ${prizeForPlace(prizes, r.place)}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update tournament_participants p set placement = v.place, prize_won = v.prize
    from (values ${places}) as v(id, place, prize) where p.id = v.id`);
  await payPrizes(tx, { tournamentId: t.id, mode: t.entryFeeMode, prizes: paid });
  await sweepPoolToHouse(tx, t.id);
  await publishTournamentChange(tx, t.id, "completed");
  return "completed";
}

/** A round's window has ended: its matches are decided, then the next round goes live or the podium is paid. */
export async function advanceRound(tx: Tx, t: TournamentRow, now: Date): Promise<StepOutcome> {
  if (t.status !== "active") return "nothing";
  const bracket = await completeLiveMatches(tx, t, await loadBracket(tx, t.id));
  if (isBracketComplete(bracket)) return completeTournament(tx, t, bracket, now);
  await startRound(tx, t, bracket, t.currentRound + 1, now);
  await publishTournamentChange(tx, t.id, "round");
  return "next_round";
}

/** End Now: registration closes if open, then every remaining round is fought at once and the podium paid. */
export async function finishNow(tx: Tx, t: TournamentRow, now: Date): Promise<StepOutcome> {
  let current = t;
  if (current.status === "pending" || current.status === "registration") {
    const outcome = await closeRegistration(tx, current, now);
    if (outcome !== "started") return outcome;
    current = await reread(tx, t.id);
  }
  for (let guard = 0; current.status === "active" && guard < 64; guard++) {
    const outcome = await advanceRound(tx, current, now);
    if (outcome === "completed" || outcome === "nothing") return outcome;
    current = await reread(tx, t.id);
  }
  return "nothing";
}

async function reread(tx: Tx, id: string): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
  return row!;
}

/** The reconciler's step for a due tournament: whatever its status says comes next. */
export async function advanceDue(tx: Tx, t: TournamentRow, now: Date): Promise<StepOutcome> {
  if (t.status === "pending" || t.status === "registration") return closeRegistration(tx, t, now);
  if (t.status === "active") return advanceRound(tx, t, now);
  // Finished rows should have no deadline; clear a stray one so it is not claimed again.
  await tx.update(tournaments).set({ nextDueAt: null }).where(eq(tournaments.id, t.id));
  return "nothing";
}
