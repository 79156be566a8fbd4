// A tournament on the round runner (features/events/round-runner.ts), which plays its steps, claims and
// deadlines (every round's counts from the tournament's start, so a late step moves no later round). What is
// the tournament's own is plugged in:
//
//   claim   -> the row's conditional update; the start's also closes registration (the ready count, the
//              registration's end), and the bracket's end follows the latest round claimed
//   enter   -> the unready get their fees back and leave; the ready players' bots are snapshotted and seeded,
//              and the format's planned rounds stored
//   match   -> each round paired by the format from the results so far (event-rounds.ts), fought and shown
//              live when it starts, decided by its stored battles when it ends; the format says when the event
//              is over (a double elimination's bracket reset plays a round past its plan)
//   payout  -> every entrant placed, the podium paid, the pool's remainder to the house
//
// Registration's check (too few ready: cancelled), Stop and End Now are the lifecycle's (lifecycle.ts).
import {
  type AdminTournamentStatus,
  entryFee,
  eventOptionsFor,
  formatGenerator,
  ParticipantId,
  plannedRounds,
  prizeForPlace,
  type RoundLength,
  roundEndsAt,
  statTotal,
  tournamentPrizes,
} from "@bot-arena/game";
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/database";
import { tournamentParticipants, tournaments } from "../../platform/db/schema";
import type { BotId, UserId } from "../../platform/ids";
import { snapshotBots } from "../battles/entrants";
import type { FighterSnapshot } from "../battles/snapshot";
import { claimCondition, roundRunner, type StepClaim } from "../events/round-runner";
import { alertEntrants } from "./alerts";
import { eventOf, eventStandings, isOverOnceDecided, playEventRound } from "./event-rounds";
import { publishTournamentChange } from "./live";
import { payPrizes, refundFees, sweepPoolToHouse } from "./money";
import { decideRound } from "./rounds";
import { type ParticipantRow, participantsOf, type TournamentRow } from "./rows";

const roundLength = (t: TournamentRow): RoundLength => ({ windowMs: t.roundSeconds * 1000 });

export const tournamentRunner = roundRunner<"tournament", TournamentRow>({
  kind: "tournament",
  claim,
  rounds: async (_tx, t) => t.plannedRounds,
  roundLength,
  isLastRound: (tx, t) => isOverOnceDecided(tx, t),
  startedAt: (t) => {
    if (t.startedAt === null) throw new Error(`tournament ${t.id} plays a round but never started`);
    return t.startedAt;
  },
  enter,
  match: {
    play: playEventRound,
    decide: (tx, t) => decideRound(tx, t.id),
  },
  // A tournament tells a round's end with the next round's start (stepDone).
  roundEnded: async () => {},
  async stepDone(tx, t, step) {
    await alertEntrants(tx, t);
    await publishTournamentChange(tx, t.id, step === "start" ? "started" : "round");
  },
  payout,
});

/** The step's claim on the tournament row, its row count checked before any fee moves. */
async function claim(tx: Tx, t: TournamentRow, step: StepClaim<AdminTournamentStatus>): Promise<boolean> {
  const closing = step.startedAt && {
    isReadyPhase: false,
    bracketGenerated: true,
    currentPlayers: (await participantsOf(tx, t.id)).filter((p) => p.isReady).length,
    registrationEndsAt:
      t.registrationEndsAt && t.registrationEndsAt < step.startedAt ? t.registrationEndsAt : step.startedAt,
    startedAt: step.startedAt,
  };
  // The bracket ends with its planned rounds (written as it enters) or with a round past the plan (a reset).
  const battleEndsAt = step.completedAt
    ? step.completedAt
    : step.nextDueAt &&
      !step.startedAt &&
      sql`greatest(${tournaments.battleEndsAt}, ${step.nextDueAt.toISOString()}::timestamptz)`;
  const [moved] = await tx
    .update(tournaments)
    .set({
      status: step.to,
      currentRound: step.currentRound,
      nextDueAt: step.nextDueAt,
      ...closing,
      ...(battleEndsAt && { battleEndsAt }),
      ...(step.completedAt && { completedAt: step.completedAt }),
    })
    .where(claimCondition(tournaments, t.id, step))
    .returning({ id: tournaments.id });
  return moved !== undefined;
}

/** The unready leave with their fees; the ready players' bots enter as they are now, seeded by the format. */
async function enter(tx: Tx, t: TournamentRow, now: Date): Promise<void> {
  const entrants = await participantsOf(tx, t.id);
  const ready = entrants.filter((p) => p.isReady);
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
  const seeded = ready.map((p) => ({
    id: ParticipantId(p.id),
    totalStrength: statTotal(snapshots.get(p.id)!.stats),
  }));
  const options = eventOptionsFor(t.swissRounds, seeded.length);
  const { seeds } = formatGenerator(t.format).replay(seeded, options, []);
  const rounds = plannedRounds(t.format, seeded, options);
  await tx
    .update(tournaments)
    .set({
      plannedRounds: rounds,
      battleEndsAt: new Date(roundEndsAt(now.getTime(), Math.max(rounds, 1), roundLength(t))),
    })
    .where(eq(tournaments.id, t.id));
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

/** Everyone placed as the format ranks them; the podium is paid and the pool's remainder goes to the house. */
async function payout(tx: Tx, t: TournamentRow): Promise<void> {
  const event = await eventOf(tx, t);
  const ranking = eventStandings(event).map((s) => ({ participantId: s.id, place: s.place }));
  const prizes = tournamentPrizes({
    mode: t.entryFeeMode,
    players: event.entrants.length,
    rewards: { first: t.firstPlaceReward, second: t.secondPlaceReward, third: t.thirdPlaceReward },
  });
  const entrants = new Map<string, ParticipantRow>((await participantsOf(tx, t.id)).map((p) => [p.id, p]));
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
}
