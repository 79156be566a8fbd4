// The tournament's life after creation, as the events' steps (packages/game formats/event-steps.ts: start,
// playRound, complete, cancel) on a row the caller holds FOR UPDATE (the reconciler's claim or an admin action's
// lock). Each step's conditional update runs only from the statuses the rulebook's machine gives it and writes
// the next status and deadline, so a step repeated by a second process or after a crash finds nothing to do.
//
//   pending --registration end / Start--> active (the format's round 1 of the ready players, live)
//           \--too few ready------------> cancelled (every fee back)
//   active  --round window ends---------> next round live ... --> completed (podium paid, pool swept)
//   pending/active --Stop---------------> cancelled (every fee back)
//   pending/active --End Now------------> completed at once (or cancelled when too few are ready)
//
// Lock order: the tournament row first (the reconciler claims it), then players' wallets in user id order.
// A join takes a wallet and then this row, but only for a player who is not yet in this tournament, so the two
// orders never wait on each other.
import {
  dueStep,
  entryFee,
  eventOptionsFor,
  formatGenerator,
  ParticipantId,
  plannedRounds,
  prizeForPlace,
  statTotal,
  stepFrom,
  stepTo,
  TOURNAMENT_MIN_PLAYERS,
  tournamentPrizes,
} from "@bot-arena/game";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { lockProfiles } from "../../platform/db/locks";
import { tournamentParticipants, tournaments } from "../../platform/db/schema";
import type { BotId, UserId } from "../../platform/ids";
import { snapshotBots } from "../battles/entrants";
import type { FighterSnapshot } from "../battles/snapshot";
import { alertEntrants } from "./alerts";
import { eventOf, eventStandings, startEventRound } from "./event-rounds";
import { publishTournamentChange } from "./live";
import { payPrizes, refundFees, sweepPoolToHouse } from "./money";
import { decideLiveMatches } from "./rounds";
import { type ParticipantRow, participantsOf, type TournamentRow } from "./rows";

/** A participant's final place. */
type Placement = { participantId: string; place: number };

export type StepOutcome = "started" | "cancelled" | "next_round" | "completed" | "nothing";

/** Stop: every entrant gets their fee back, the bracket (if any) stops where it is. */
export async function cancel(
  tx: Tx,
  t: TournamentRow,
  now: Date,
  options: { endSeries: boolean },
): Promise<StepOutcome> {
  const [moved] = await tx
    .update(tournaments)
    .set({
      status: stepTo("tournament", "cancel"),
      isReadyPhase: false,
      nextDueAt: null,
      completedAt: now,
      ...(options.endSeries ? { repeatDueAt: null } : {}),
    })
    .where(and(eq(tournaments.id, t.id), inArray(tournaments.status, stepFrom("tournament", "cancel"))))
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
export async function start(tx: Tx, t: TournamentRow, now: Date): Promise<StepOutcome> {
  if (!stepFrom("tournament", "start").includes(t.status)) return "nothing";
  const entrants = await participantsOf(tx, t.id);
  const ready = entrants.filter((p) => p.isReady);
  if (ready.length < Math.max(t.minPlayers, TOURNAMENT_MIN_PLAYERS)) {
    return cancel(tx, t, now, { endSeries: false });
  }
  const players = ready.length;
  // The step's claim: registration to active, its row count checked before any fee moves.
  const [moved] = await tx
    .update(tournaments)
    .set({
      status: stepTo("tournament", "start"),
      isReadyPhase: false,
      bracketGenerated: true,
      currentPlayers: players,
      registrationEndsAt: t.registrationEndsAt && t.registrationEndsAt < now ? t.registrationEndsAt : now,
      // Every round's deadline counts from here (the events' one deadline rule).
      startedAt: now,
    })
    .where(and(eq(tournaments.id, t.id), inArray(tournaments.status, stepFrom("tournament", "start"))))
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

  await startEvent(tx, { ...t, startedAt: now }, ready, now);
  await alertEntrants(tx, t);
  await publishTournamentChange(tx, t.id, "started");
  return "started";
}

/** Seeds the ready players as their bots enter, then the format's round 1. */
async function startEvent(
  tx: Tx,
  t: TournamentRow,
  ready: readonly ParticipantRow[],
  now: Date,
): Promise<void> {
  const snapshots = await snapshotEntrants(tx, ready);
  const entrants = ready.map((p) => ({
    id: ParticipantId(p.id),
    totalStrength: statTotal(snapshots.get(p.id)!.stats),
  }));
  const options = eventOptionsFor(t.swissRounds, entrants.length);
  const { seeds } = formatGenerator(t.format).replay(entrants, options, []);
  const rounds = plannedRounds(t.format, entrants, options);
  await tx.update(tournaments).set({ plannedRounds: rounds }).where(eq(tournaments.id, t.id));
  const seedOf = new Map(seeds.map((id, i) => [id as string, i + 1]));
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
  await startEventRound(
    tx,
    { ...t, status: stepTo("tournament", "start"), currentRound: 0, plannedRounds: rounds },
    now,
  );
}

const rewardsOf = (t: TournamentRow) => ({
  first: t.firstPlaceReward,
  second: t.secondPlaceReward,
  third: t.thirdPlaceReward,
});

/** The live matches are decided in one statement. */
async function completeLiveEventMatches(tx: Tx, t: TournamentRow): Promise<void> {
  const decided = await decideLiveMatches(tx, t.id);
  if (decided.length === 0) return;
  const values = sql.join(
    decided.map((m) => sql`(${m.matchNumber}::int, ${m.winnerId}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`
    update tournament_matches m set status = 'completed', winner_id = v.winner
    from (values ${values}) as v(match_number, winner)
    where m.tournament_id = ${t.id}::uuid and m.match_number = v.match_number and m.status = 'in_progress'`);
}

/** The podium is paid and everyone placed; the pool's remainder goes to the house. */
async function complete(
  tx: Tx,
  t: TournamentRow,
  final: { ranking: readonly Placement[]; players: number; lastRound: number },
  now: Date,
): Promise<StepOutcome> {
  const [moved] = await tx
    .update(tournaments)
    .set({
      status: stepTo("tournament", "complete"),
      nextDueAt: null,
      completedAt: now,
      battleEndsAt: now,
      currentRound: final.lastRound,
    })
    .where(and(eq(tournaments.id, t.id), inArray(tournaments.status, stepFrom("tournament", "complete"))))
    .returning({ id: tournaments.id });
  if (!moved) return "nothing";
  const { ranking } = final;
  const prizes = tournamentPrizes({ mode: t.entryFeeMode, players: final.players, rewards: rewardsOf(t) });
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
  await alertEntrants(tx, t);
  await publishTournamentChange(tx, t.id, "completed");
  return "completed";
}

/** A round's window has ended: its matches are decided, then the next round goes live or the podium is paid. */
export async function playRound(tx: Tx, t: TournamentRow, now: Date): Promise<StepOutcome> {
  if (!stepFrom("tournament", "playRound").includes(t.status)) return "nothing";
  await completeLiveEventMatches(tx, t);
  const event = await eventOf(tx, t);
  if (event.format.isOver(event.entrants, event.options, event.results)) {
    const ranking = eventStandings(event).map((s) => ({ participantId: s.id, place: s.place }));
    return complete(tx, t, { ranking, players: event.entrants.length, lastRound: t.currentRound }, now);
  }
  if (!(await startEventRound(tx, t, now))) throw new Error(`tournament ${t.id}: no round to pair, not over`);
  await alertEntrants(tx, t);
  await publishTournamentChange(tx, t.id, "round");
  return "next_round";
}

/** End Now: registration closes if open, then every remaining round is fought at once and the podium paid. */
export async function finishNow(tx: Tx, t: TournamentRow, now: Date): Promise<StepOutcome> {
  // One transaction refunds the unready and pays the podium: every wallet it may touch is locked first, in id
  // order (the lock order), rather than the refunds' and then the prizes' in two runs.
  await lockProfiles(
    tx,
    (await participantsOf(tx, t.id)).map((p) => p.userId),
  );
  let current = t;
  if (dueStep("tournament", current.status) === "start") {
    const outcome = await start(tx, current, now);
    if (outcome !== "started") return outcome;
    current = await reread(tx, t.id);
  }
  // Every round there is, and one more: the bound only stops a bug from looping for ever.
  for (
    let guard = 0;
    dueStep("tournament", current.status) === "playRound" && guard <= current.plannedRounds + 1;
    guard++
  ) {
    const outcome = await playRound(tx, current, now);
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
  const step = dueStep("tournament", t.status);
  if (step === "start") return start(tx, t, now);
  if (step === "playRound") return playRound(tx, t, now);
  // Finished rows should have no deadline; clear a stray one so it is not claimed again.
  await tx.update(tournaments).set({ nextDueAt: null }).where(eq(tournaments.id, t.id));
  return "nothing";
}
